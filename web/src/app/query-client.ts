import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/errors';

/** One client for the app. Failures were already shown by the API client, so queries do not toast again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a rejected (4xx) or expired call only repeats the toast; retry network and 5xx once.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
