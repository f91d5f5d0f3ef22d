import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { provider, type PublicProfile, type StaffProfile } from '@portal/contract';

import { demoProvider } from '../../src/seed/provider.ts';
import { checkEveryMs } from '../../src/modules/provider/profiles.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let staff1: string;
let staff2: string;
let staff3: string;
let customer: string;

/** A made-up provider, nothing like the demo's. */
export const madeUp = {
  portal_name: 'Fjordline Hub',
  company_name: 'Fjordline Networks AS',
  postal_address: 'Strandkaien 12\n5013 Bergen\nNorway',
  tax_id: 'NO 987 654 321 MVA',
  website: 'https://fjordline.example.org',
  support_email: 'Hjelp@Fjordline.example.org',
  support_phone: '+47 55 00 00 00',
  billing_email: 'faktura@fjordline.example.org',
  billing_phone: '+47 55 00 00 01',
  primary_color: '#0B3D2E',
  accent_color: '#7a1f5c',
  mail_from_name: 'Fjordline kundeportal',
  mail_from_address: 'portal@fjordline.example.org',
  mail_footer: 'Fjordline Networks AS\nStrandkaien 12, Bergen',
  locale: 'nb-NO',
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

const save = (body: object, token = staff3) => t.call('POST', '/api/admin/provider-profile', { token, body });
const publicProfile = async (app = t) => (await app.call('GET', '/api/provider/profile')).body.data as PublicProfile;

beforeAll(async () => {
  t = await createTestApp();
  staff1 = await t.signIn('staff1@demo.test');
  staff2 = await t.signIn('staff2@demo.test');
  staff3 = await t.signIn('staff3@demo.test');
  customer = await t.signIn('customer@demo.test');
});
afterAll(() => t.close());

describe('provider/profile (public)', () => {
  it("answers the demo seed's profile, without a token", async () => {
    const res = await t.call('GET', '/api/provider/profile');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      portal_name: demoProvider.portal_name,
      company_name: demoProvider.company_name,
      postal_address: demoProvider.postal_address.split('\n'),
      billing_email: demoProvider.billing_email,
      primary_color: demoProvider.primary_color,
      locale: 'en-US',
      missing: false,
    });
    expect((res.body.data as PublicProfile).logo_url).toMatch(/^\/api\/provider\/logo\?v=\d+$/);
  });
});

describe('admin/provider-profile', () => {
  it('shows level-3 staff the profile in force and where it comes from', async () => {
    const res = await t.call('GET', '/api/admin/provider-profile', { token: staff3 });
    expect(res.status).toBe(200);
    const data = res.body.data as StaffProfile;
    expect(data.source).toBe('saved');
    expect(data.fields).toMatchObject({
      portal_name: demoProvider.portal_name,
      support_email: demoProvider.support_email,
    });
    expect(data.deployment_locale).toBe('en-US');
  });

  it('refuses a call without a token, staff below level 3 and customers', async () => {
    expect((await t.call('GET', '/api/admin/provider-profile')).body.code).toBe('INVALID_TOKEN');
    expect((await save(madeUp, '')).body.code).toBe('INVALID_TOKEN');
    for (const token of [staff1, staff2, customer]) {
      const read = await t.call('GET', '/api/admin/provider-profile', { token });
      expect(read.body).toMatchObject({ code: 'FORBIDDEN', data: null });
      const write = await save(madeUp, token);
      expect(write.body).toMatchObject({ code: 'FORBIDDEN', data: null });
    }
    expect((await publicProfile()).portal_name).toBe(demoProvider.portal_name);
  });

  it('refuses bad input field by field: required, emails, website, colours white text fails 4.5:1 on, locale', async () => {
    const res = await save({
      ...madeUp,
      portal_name: ' ',
      support_email: 'not-an-email',
      website: 'ftp://x',
      primary_color: '#7fb3d5',
      accent_color: 'teal',
      locale: 'xx-nowhere-123',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const fields = res.body.data as Record<string, string[]>;
    expect(fields.portal_name).toEqual(['This value is required.']);
    expect(fields.support_email).toEqual(['This value should be a valid email.']);
    expect(fields.website).toEqual(['This value should be a valid url.']);
    const ratio = provider.contrastRatio('#7fb3d5', '#ffffff');
    expect(ratio).toBeLessThan(4.5);
    expect(fields.primary_color).toEqual([provider.contrastMessage(ratio)]);
    expect(fields.primary_color?.[0]).toContain('WCAG AA needs at least 4.5:1');
    expect(fields.accent_color).toEqual(['This value should be a colour written #rrggbb.']);
    expect(fields.locale).toEqual(['This value should be a locale such as en-US or de-DE.']);
    expect((await publicProfile()).portal_name).toBe(demoProvider.portal_name);
  });

  it('refuses a logo that is no SVG or PNG, a PNG without its signature, an SVG with nothing drawable, and one too large', async () => {
    const cases = [
      dataUrl('image/gif', 'GIF89a'),
      dataUrl('image/png', 'not a png at all'),
      dataUrl('image/svg+xml', '<html><body>hello</body></html>'),
      dataUrl('image/png', Buffer.concat([png, Buffer.alloc(provider.imageMaxBytes)])),
    ];
    for (const logo of cases) {
      const res = await save({ ...madeUp, logo });
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect((res.body.data as Record<string, string[]>).logo?.[0]).toMatch(
        /^The image should be (an SVG or PNG file|at most 200 KB)\.$/,
      );
    }
  });

  it('saves the profile: every answer names the new provider, the logo is served sanitized under a strict policy', async () => {
    const hostileSvg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
      '<foreignObject><div>island</div></foreignObject><a href="javascript:alert(3)"><text>x</text></a>' +
      '<rect width="10" height="10" fill="url(https://evil.example/x)"/><circle r="4" fill="#0b3d2e"/></svg>';
    const res = await save({
      ...madeUp,
      logo: dataUrl('image/svg+xml', hostileSvg),
      favicon: dataUrl('image/png', png),
    });
    expect(res.status).toBe(200);
    const saved = res.body.data as StaffProfile;
    expect(saved.source).toBe('saved');
    expect(saved.fields).toMatchObject({
      portal_name: 'Fjordline Hub',
      support_email: 'hjelp@fjordline.example.org',
      primary_color: '#0b3d2e',
    });
    expect(saved.updated_at).toBeGreaterThan(0);

    const shown = await publicProfile();
    expect(shown).toMatchObject({
      portal_name: 'Fjordline Hub',
      company_name: 'Fjordline Networks AS',
      postal_address: ['Strandkaien 12', '5013 Bergen', 'Norway'],
      locale: 'nb-NO',
      missing: false,
    });
    const logo = await t.app.inject({ method: 'GET', url: shown.logo_url as string });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.body).toContain('<circle r="4" fill="#0b3d2e"');
    for (const gone of ['onload', 'script', 'alert', 'foreignObject', 'island', 'javascript', 'evil.example'])
      expect(logo.body).not.toContain(gone);
    const favicon = await t.app.inject({ method: 'GET', url: shown.favicon_url as string });
    expect(favicon.headers['content-type']).toBe('image/png');
    expect(favicon.rawPayload.equals(png)).toBe(true);

    // Leaving the images out keeps them; null removes one.
    await save({ ...madeUp, portal_name: 'Fjordline Hub 2' });
    expect((await publicProfile()).favicon_url).not.toBeNull();
    await save({ ...madeUp, favicon: null });
    const after = await publicProfile();
    expect(after.favicon_url).toBeNull();
    expect(after.logo_url).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/provider/favicon' })).statusCode).toBe(404);
  });

  it('records the staff member who saved it', async () => {
    const row = await t.db.one<{ email_nm: string }>(
      'SELECT u.email_nm FROM provider_profile p JOIN users u ON u.user_id = p.updated_by',
    );
    expect(row?.email_nm).toBe('staff3@demo.test');
  });
});

describe('without a saved profile', () => {
  it("shows the neutral name and says the profile is missing, never the demo's", async () => {
    const bare = await createTestApp();
    try {
      await bare.db.query('DELETE FROM provider_profile');
      const shown = await publicProfile(bare);
      expect(shown).toMatchObject({ portal_name: 'Customer portal', company_name: '', missing: true });
      expect(JSON.stringify(shown)).not.toContain(demoProvider.company_name);
      const token = await bare.signIn('staff3@demo.test');
      const staff = (await bare.call('GET', '/api/admin/provider-profile', { token })).body.data as StaffProfile;
      expect(staff.source).toBe('none');
    } finally {
      await bare.close();
    }
  });

  it("uses the deployment's file and PROVIDER_* variables (each over the file's field), logo included", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'provider-'));
    writeFileSync(join(dir, 'logo.png'), png);
    writeFileSync(
      join(dir, 'profile.json'),
      JSON.stringify({ ...madeUp, portal_name: 'From the file', logo: 'logo.png' }),
    );
    const app = await createTestApp({
      PROVIDER_PROFILE_FILE: join(dir, 'profile.json'),
      PROVIDER_PORTAL_NAME: 'From the variable',
      SUPPORT_INBOX: 'desk@ops.example.net',
    });
    try {
      await app.db.query('DELETE FROM provider_profile');
      const shown = await publicProfile(app);
      expect(shown).toMatchObject({
        portal_name: 'From the variable',
        company_name: 'Fjordline Networks AS',
        missing: false,
      });
      const logo = await app.app.inject({ method: 'GET', url: shown.logo_url as string });
      expect(logo.rawPayload.equals(png)).toBe(true);
      const token = await app.signIn('staff3@demo.test');
      expect(((await app.call('GET', '/api/admin/provider-profile', { token })).body.data as StaffProfile).source).toBe(
        'deployment',
      );
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a deployment profile that is not a whole one, naming the variable', () => {
    expect(() => testEnv({ PROVIDER_PORTAL_NAME: 'Only a name' })).toThrow(
      /PROVIDER_COMPANY_NAME: This value is required\./,
    );
    expect(() =>
      testEnv({
        PROVIDER_PORTAL_NAME: 'P',
        PROVIDER_COMPANY_NAME: 'C',
        PROVIDER_SUPPORT_EMAIL: 'a@b.example',
        PROVIDER_PRIMARY_COLOR: '#ffff00',
      }),
    ).toThrow(/PROVIDER_PRIMARY_COLOR: White text on this colour/);
    expect(() => testEnv({ PROVIDER_PROFILE_FILE: '/nonexistent/profile.json' })).toThrow(/PROVIDER_PROFILE_FILE/);
  });
});

describe('two API processes on one database', () => {
  it('a profile saved through one reaches the other within the check interval, without a restart', async () => {
    const app = await createTestApp();
    try {
      const peer = await app.peer();
      expect((await publicProfile(peer)).portal_name).toBe(demoProvider.portal_name);
      const token = await app.signIn('staff3@demo.test');
      const res = await app.call('POST', '/api/admin/provider-profile', { token, body: madeUp });
      expect(res.status).toBe(200);
      // The process that saved it shows it at once; the other until its next look at the database.
      expect((await publicProfile(app)).portal_name).toBe('Fjordline Hub');
      expect((await publicProfile(peer)).portal_name).toBe(demoProvider.portal_name);
      app.clock.advance(checkEveryMs);
      expect((await publicProfile(peer)).portal_name).toBe('Fjordline Hub');
      // Its documents and mail follow too.
      await peer.call('POST', '/api/auth/forgot-password', { body: { email: 'customer@demo.test' } });
      const mail = await peer.db.one<{ text_body: string }>(
        "SELECT text_body FROM mail_outbox WHERE kind = 'password-reset' ORDER BY mail_id DESC LIMIT 1",
      );
      expect(mail?.text_body).toContain('Fjordline Networks AS\nStrandkaien 12, Bergen');
    } finally {
      await app.close();
    }
  });
});
