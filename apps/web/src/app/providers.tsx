import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { PopupHost } from '../components/ui/PopupHost.tsx';
import { queryClient } from '../lib/query-client.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

/**
 * Everything the app needs around the router: theme (light, dark or the system's), query cache and the popup host.
 * The server renders with a query cache of the request's own (`client`); the browser has one.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
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
