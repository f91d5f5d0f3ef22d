import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pageSizes, type Resource, type ResourceCategory, type ResourceList } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { first } from '../invoices/billing-fixtures.ts';

let t: TestApp;
let token: string;
let categories: ResourceCategory[];

const list = (query: string, auth = token) => t.call('GET', `/api/content/portal-resources?${query}`, { token: auth });
const item = (id: number | string, auth = token) =>
  t.call('GET', `/api/content/portal-resources/${id}`, { token: auth });
const byTitle = (title: string) => first(categories.filter((c) => c.title === title));

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn('customer@demo.test');
  categories = (await t.call('GET', '/api/content/portal-resource-categories', { token })).body
    .data as ResourceCategory[];
});
afterAll(() => t.close());

describe('resources: articles of a category (content service shape)', () => {
  it('answers data[] and meta.pagination, newest first, with title, excerpt, thumbnail, date and link', async () => {
    const category = byTitle('Best Practices');
    const res = await list(`portal-resource-categories=${category.id}`);
    expect(res.status).toBe(200);
    const answer = res.body.data as ResourceList;
    expect(answer.meta.pagination).toMatchObject({ current_page: 1, per_page: pageSizes.resources, total_pages: 1 });
    expect(answer.data.length).toBe(answer.meta.pagination.total);
    const article = first(answer.data);
    expect(article).toMatchObject({
      category: category.id,
      image: [{ url: expect.stringMatching(/^\/api\/content\/images\/\d+\.svg$/), thumbnail: expect.any(String) }],
    });
    expect(article.postDate.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(article).not.toHaveProperty('body');
    const dates = answer.data.map((a) => a.postDate.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('includes the child categories of a top-level category and pages them', async () => {
    const top = first(categories.filter((c) => c.parentCat === null));
    const child = first(categories.filter((c) => c.parentCat === top.id));
    await t.db.query(
      `INSERT INTO resources (category_id, title, excerpt, body, post_date)
       SELECT $1, 'Extra article ' || g, 'Extra', '<p>Extra</p>', now() - g * interval '400 days' FROM generate_series(1, 5) AS g`,
      [child.id],
    );
    const one = (await list(`portal-resource-categories=${top.id}`)).body.data as ResourceList;
    expect(one.meta.pagination.total).toBeGreaterThan(pageSizes.resources);
    expect(one.data).toHaveLength(pageSizes.resources);
    const children = new Set(categories.filter((c) => c.parentCat === top.id).map((c) => c.id));
    for (const a of one.data) expect(children.has(a.category) || a.category === top.id).toBe(true);
    const two = (await list(`portal-resource-categories=${top.id}&page=2`)).body.data as ResourceList;
    expect(two.meta.pagination.current_page).toBe(2);
    expect(two.data.map((a) => a.id).some((id) => one.data.some((a) => a.id === id))).toBe(false);
  });

  it('searches title, excerpt and body', async () => {
    const top = byTitle('Security Advisories');
    const found = (await list(`portal-resource-categories=${top.id}&search=ransomware`)).body.data as ResourceList;
    expect(found.data.map((a) => a.title)).toEqual(['Ransomware readiness checklist']);
    const inBody = (await list(`portal-resource-categories=${top.id}&search=${encodeURIComponent('object lock')}`)).body
      .data as ResourceList;
    expect(inBody.data.map((a) => a.title)).toContain('Keeping immutable backups');
    const none = (await list(`portal-resource-categories=${top.id}&search=zzzz`)).body.data as ResourceList;
    expect(none).toEqual({
      data: [],
      meta: { pagination: { total: 0, count: 0, per_page: pageSizes.resources, current_page: 1, total_pages: 0 } },
    });
  });

  it('answers NOT_FOUND for an unknown category and checks input and the token', async () => {
    const res = await list('portal-resource-categories=99999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    const bad = await list('portal-resource-categories=abc&page=0');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['page', 'portal-resource-categories']);
    expect((await list('portal-resource-categories=1', '')).status).toBe(401);
  });
});

describe('resources: one article', () => {
  it('answers data[0] with the body, sanitised: no script survives', async () => {
    const top = byTitle('Product Updates');
    const found = (await list(`portal-resource-categories=${top.id}&search=widget`)).body.data as ResourceList;
    const summary = first(found.data);
    const res = await item(summary.id);
    expect(res.status).toBe(200);
    const [article] = (res.body.data as { data: Resource[] }).data;
    expect(article).toMatchObject({ ...summary });
    expect(article?.body).toContain('<h3>What you need to know</h3>');
    expect(article?.body).toContain('&lt;div id="nw-status"&gt;');
    expect(article?.body).not.toMatch(/<script|document\.write/i);
  });

  it('keeps the alternative link of an article that has one', async () => {
    const top = byTitle('Security Advisories');
    const found = (await list(`portal-resource-categories=${top.id}&search=regreSSHion`)).body.data as ResourceList;
    expect(first(found.data)).toMatchObject({
      alternativeLinkUrl: 'https://nvd.nist.gov/vuln/detail/CVE-2024-6387',
      alternativeLinkText: 'Read the NVD entry',
    });
  });

  it('answers NOT_FOUND for an unknown article, and needs a token', async () => {
    expect((await item(99999)).body).toMatchObject({ code: 'NOT_FOUND', data: null });
    expect((await item('abc')).status).toBe(422);
    expect((await item(1, '')).status).toBe(401);
  });
});

describe('resources: illustrations', () => {
  it('serves every seeded image as SVG to anyone (plain <img> tags carry no token)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/content/images/7.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body.startsWith('<svg')).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: '/api/content/images/8.svg' });
    expect(other.body).not.toBe(res.body);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/images/..%2Fsecret.svg' })).statusCode).toBe(422);
  });
});

describe("resources from the provider's own content service (CONTENT_BASE_URL)", () => {
  let remote: FastifyInstance;
  let r: TestApp;
  let remoteToken: string;

  beforeAll(async () => {
    remote = Fastify();
    const article = {
      id: 501,
      title: 'Remote <b>article</b>',
      excerpt: '<p>From the <em>website</em></p>',
      image: [{ url: 'https://cdn.example/a.png', thumbnail: 'javascript:alert(1)' }],
      postDate: { date: '2025-03-04 10:00:00.000000', timezone: 'UTC' },
      alternativeLinkUrl: 'javascript:alert(1)',
      alternativeLinkText: 'Click',
      category: 7,
      body: '<p onmouseover="steal()">Hello</p><script>steal()</script><iframe src="https://evil.example"></iframe>',
    };
    remote.get('/content/portal-resource-categories', async () => ({
      data: [{ id: 7, title: 'Website news', parentCat: null }],
    }));
    remote.get('/content/portal-resources', async (request) => {
      const query = request.query as Record<string, string>;
      if (query['portal-resource-categories'] === '500') return { broken: true };
      const { body: _body, ...summary } = article;
      return {
        data: [summary],
        meta: { pagination: { total: 1, count: 1, per_page: 9, current_page: Number(query.page), total_pages: 1 } },
      };
    });
    remote.get('/content/portal-resources/:id/', async (request, reply) =>
      (request.params as { id: string }).id === '501'
        ? { data: [article] }
        : reply.status(404).send({ error: 'not found' }),
    );
    const address = await remote.listen({ port: 0, host: '127.0.0.1' });
    r = await createTestApp({ CONTENT_BASE_URL: `${address}/content/` });
    remoteToken = await r.signIn('customer@demo.test');
  });
  afterAll(async () => {
    await r.close();
    await remote.close();
  });

  it('passes the remote answers on, cleaned the same way', async () => {
    const cats = await r.call('GET', '/api/content/portal-resource-categories', { token: remoteToken });
    expect(cats.body.data).toEqual([{ id: 7, title: 'Website news', parentCat: null }]);
    const page = (
      await r.call('GET', '/api/content/portal-resources?portal-resource-categories=7&page=1', { token: remoteToken })
    ).body.data as ResourceList;
    expect(first(page.data)).toMatchObject({
      title: 'Remote article',
      excerpt: 'From the website',
      image: [{ url: 'https://cdn.example/a.png', thumbnail: 'https://cdn.example/a.png' }],
      alternativeLinkUrl: null,
      alternativeLinkText: null,
    });
    const one = (await r.call('GET', '/api/content/portal-resources/501', { token: remoteToken })).body.data as {
      data: Resource[];
    };
    expect(first(one.data).body).toBe('<p>Hello</p>');
  });

  it('turns a remote 404 into NOT_FOUND and a broken answer into a server error without details', async () => {
    expect((await r.call('GET', '/api/content/portal-resources/502', { token: remoteToken })).body.code).toBe(
      'NOT_FOUND',
    );
    const broken = await r.call('GET', '/api/content/portal-resources?portal-resource-categories=500', {
      token: remoteToken,
    });
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({
      code: 'SERVER_ERROR',
      message: 'The resources are not available right now. Please try again later.',
      data: null,
    });
  });
});
