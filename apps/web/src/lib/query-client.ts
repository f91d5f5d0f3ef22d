import { QueryClient } from '@tanstack/react-query';

import { isApiError } from './api-error.ts';

/**
 * Server answers with a result code are final (retrying a NOT_FOUND or a VALIDATION_ERROR
 * cannot help); only network failures and server faults are retried, once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return true;
  return error.code === 'NETWORK_ERROR' || error.code === 'SERVER_ERROR';
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
