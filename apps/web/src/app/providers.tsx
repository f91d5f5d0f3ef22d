import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { PopupHost } from '../components/ui/PopupHost.tsx';
import { queryClient } from '../lib/query-client.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

/** Everything the app needs around the router: theme (light, dark or the system's), query cache and the popup host. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <PopupHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
