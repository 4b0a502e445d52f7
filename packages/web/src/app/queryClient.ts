import { QueryClient } from '@tanstack/react-query';
import { getToken, subscribeSession } from '../api/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already reported the failure; retrying a 4xx only repeats the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Logout or session expiry: nothing cached for the previous user may survive.
subscribeSession(() => {
  if (!getToken()) queryClient.clear();
});
