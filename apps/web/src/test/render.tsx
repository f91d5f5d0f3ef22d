import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, within, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

import { cssVariablesResolver, theme } from '../app/theme.ts';

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens to it for fonts that load late.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

/** The app's theme around a component (the providers of main.tsx, without the real router). */
export function Themed({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

/** Shows the current address, so a test can read what a component did to it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

/**
 * Renders `ui` at `url` inside a memory router, the theme and a fresh query cache, with `loaderData` as
 * its route loader's answer when given (the page then shows once it has loaded: use findBy). The address
 * is in the element with test id "address"; `router` exposes the history (e.g. `router.navigate(-1)`).
 */
export function renderAt(
  url: string,
  ui: ReactElement,
  options: { loaderData?: unknown } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        // What the page's route loader gives it (useLoaderData), e.g. its checked segments.
        ...('loaderData' in options ? { loader: () => options.loaderData } : {}),
        element: (
          <>
            {ui}
            <Address />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <Themed>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Themed>,
  );
  return { ...result, router };
}

/** Types `value` into the field of `container` labelled `label`, as a user's input event would. */
export const typeInto = (container: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
