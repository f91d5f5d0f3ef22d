import { act, lazy, useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The mark's state lives in its module: each test takes fresh copies of the module and the part.
async function load() {
  vi.resetModules();
  const mark = await import('../../lib/hydration-mark.ts');
  const { HydrationPart } = await import('./HydrationPart.tsx');
  return { ...mark, HydrationPart };
}

const marked = () => document.documentElement.dataset.hydrated === 'true';

function Slow() {
  return <button type="button">Slow part</button>;
}

beforeEach(() => {
  delete document.documentElement.dataset.hydrated;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => document.body.replaceChildren());

describe('the data-hydrated mark', () => {
  it('on a server-rendered page waits for the last part taken over, not for the root', async () => {
    const { HydrationPart, expectServerParts, rootTakenOver } = await load();
    function Page({ SlowPart }: { SlowPart: ComponentType }) {
      useEffect(() => rootTakenOver(), []);
      return (
        <main>
          <HydrationPart>
            <p>Fast part</p>
          </HydrationPart>
          <HydrationPart>
            <SlowPart />
          </HydrationPart>
        </main>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page SlowPart={Slow} />);
    document.body.append(container);
    expectServerParts(container);

    // In the browser the slow part's code arrives later: React keeps that part as the server wrote it.
    let arrive!: () => void;
    const SlowLater = lazy(
      () => new Promise<{ default: ComponentType }>((done) => (arrive = () => done({ default: Slow }))),
    );
    await act(async () => void hydrateRoot(container, <Page SlowPart={SlowLater} />));
    expect(container.textContent).toContain('Slow part');
    expect(marked()).toBe(false);

    await act(async () => arrive());
    expect(marked()).toBe(true);
  });

  it('on a page rendered in the browser is set with the first commit', async () => {
    const { HydrationPart, rootTakenOver } = await load();
    function Page() {
      useEffect(() => rootTakenOver(), []);
      return (
        <HydrationPart>
          <p>Part</p>
        </HydrationPart>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => createRoot(container).render(<Page />));
    expect(marked()).toBe(true);
  });
});
