import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { PopupHost } from '../components/ui/PopupHost.tsx';
import { queryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Everything the app needs around the router: theme, query cache and the popup host. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <PopupHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
