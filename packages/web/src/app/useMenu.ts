import type { MenuEntry } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouters } from '../api/shell';
import { useToken } from './useCurrentUser';

/** The signed-in user's menu tree, cached per token. */
export function useMenu() {
  const token = useToken();
  return useQuery<MenuEntry[]>({
    queryKey: ['menu', token],
    enabled: token !== null,
    queryFn: ({ signal }) => getRouters(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
