import { describe, expect, it } from 'vitest';

import { render } from './entry-server.tsx';

const outages = [{ outage_id: 7, message: 'Fibre cut near Denver </script>' }];
const source = { outages: async () => outages };

describe('render (the first screen on the server, decision 108)', () => {
  it('renders the sign-in page with its outage banners and the state to hydrate from', async () => {
    const page = await render('/portal/login?next=%2Fhome%2Findex', source);
    expect(page).not.toBeNull();
    expect(page!.html).toContain('Fibre cut near Denver &lt;/script&gt;');
    expect(page!.html).toContain('Sign in');
    // The module the route loads, by which the server links the page's CSS and scripts.
    expect(page!.page).toBe('src/features/auth/pages/LoginPage.tsx');
    expect(page!.html.startsWith('<title>Sign in · Northwind Portal</title>')).toBe(true);
    const [query] = page!.state.queries.queries;
    expect(query?.queryKey).toEqual(['notifications', 'outages']);
    expect(query?.state.data).toEqual(outages);
    expect(Object.values(page!.state.router.loaderData).every((value) => value === null)).toBe(true);
  });

  it('leaves other pages to the browser, and a page whose data cannot be read', async () => {
    await expect(render('/portal/home/index', source)).resolves.toBeNull();
    await expect(render('/portal/s/create-account', source)).resolves.toBeNull();
    const failing = { outages: () => Promise.reject(new Error('database down')) };
    await expect(render('/portal/login', failing)).resolves.toBeNull();
  });
});
