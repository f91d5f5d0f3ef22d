import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';

import { PopupHost } from '../components/ui/PopupHost.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useBrand } from '../lib/brand.ts';
import { brandTheme, colorSchemeManager, cssVariablesResolver } from './theme.ts';

/**
 * Everything the app needs around the router: theme (light, dark or the system's), query cache and the popup host.
 * The server renders with a query cache of the request's own (`client`); the browser has one.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  // The provider profile's colours (decision 123); a save on the staff page repaints at once.
  const { primary_color: primary, accent_color: accent } = useBrand();
  const theme = useMemo(() => brandTheme(primary, accent), [primary, accent]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={client}>
        {children}
        <PopupHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
