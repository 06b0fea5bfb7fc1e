import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: every failed call already shows the operator a notice, and a retried
 * failure would show it twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
