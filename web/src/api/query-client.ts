import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The server answered: asking again gives the same answer. Only a lost answer is worth one more try.
      retry: (failures, error) => isApiError(error) && error.kind === 'network' && failures < 1,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
