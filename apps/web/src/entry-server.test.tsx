import { describe, expect, it } from 'vitest';

import { render } from './entry-server.tsx';
import { neutralBrand } from './lib/brand.ts';

/** A made-up provider: the page names it, whatever profile the demo has. */
const provider = {
  ...neutralBrand,
  portal_name: 'Fjordline Hub',
  company_name: 'Fjordline Networks AS',
  missing: false,
};

const outages = [{ outage_id: 7, message: 'Fibre cut near Denver </script>' }];

/** The API as the page's in-process fetch reaches it (the API's own answers are tested by the API tests). */
const api =
  (answers: Record<string, unknown>, calls: string[] = []) =>
  async (url: string) => {
    calls.push(url);
    const data = answers[url];
    if (data === undefined)
      return Response.json({ data: null, code: 'SERVER_ERROR', message: 'down' }, { status: 500 });
    return Response.json({ data, code: 'SUCCESS', message: '' });
  };

describe('render (the first screen on the server, decisions 108 and 109)', () => {
  it('renders the sign-in page with its outage banners and the state to hydrate from', async () => {
    const calls: string[] = [];
    const fetch = api({ '/api/notifications/get-outages': outages }, calls);
    const page = await render({
      url: '/portal/login?next=%2Fhome%2Findex',
      cookies: '',
      locale: 'en-US',
      provider,
      fetch,
    });
    expect(page).not.toBeNull();
    expect(page!.html).toContain('Fibre cut near Denver &lt;/script&gt;');
    expect(page!.html).toContain('Sign in');
    expect(page!.personal).toBe(false);
    // The module the route loads, by which the server links the page's CSS.
    expect(page!.page).toBe('src/features/auth/pages/LoginPage.tsx');
    expect(page!.html.startsWith('<title>Sign in · Fjordline Hub</title>')).toBe(true);
    expect(page!.html).toContain('Fjordline Networks AS · Fjordline Hub');
    // Found by rendering the page: its one call, made once.
    expect(calls).toEqual(['/api/notifications/get-outages']);
    const [query] = page!.state.queries.queries;
    expect(query?.queryKey).toEqual(['notifications', 'outages']);
    expect(query?.state.data).toEqual(outages);
    expect(page!.state.session).toBeNull();
  });

  it('leaves to the browser the pages it does not render, and a page whose call fails', async () => {
    const fetch = api({});
    await expect(
      render({ url: '/portal/s/create-account', cookies: '', locale: 'en-US', provider, fetch }),
    ).resolves.toBeNull();
    await expect(render({ url: '/portal/login', cookies: '', locale: 'en-US', provider, fetch })).resolves.toBeNull();
  });

  it("renders a signed-in page only with a token and the viewer's time zone cookie, asking nothing without them", async () => {
    const calls: string[] = [];
    const fetch = api({}, calls);
    await expect(
      render({ url: '/portal/home/index', cookies: '', locale: 'en-US', provider, fetch }),
    ).resolves.toBeNull();
    await expect(
      render({ url: '/portal/home/index', cookies: 'portalViewer=UTC', locale: 'en-US', provider, fetch }),
    ).resolves.toBeNull();
    await expect(
      render({ url: '/portal/home/index', cookies: 'portalToken=abc.def.ghi', locale: 'en-US', provider, fetch }),
    ).resolves.toBeNull();
    expect(calls).toEqual([]);
  });
});
