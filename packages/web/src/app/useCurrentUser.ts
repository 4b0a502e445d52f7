import type { UserInfo } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getInfo } from '../api/auth';
import { getToken, saveUserName, subscribeSession } from '../api/session';

/** The token of this tab, re-rendering when it is set or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken);
}

/** The signed-in user (GET /usercenter/user/getInfo), cached per token. */
export function useCurrentUser() {
  const token = useToken();
  return useQuery<UserInfo>({
    queryKey: ['currentUser', token],
    enabled: token !== null,
    queryFn: async ({ signal }) => {
      const user = await getInfo(signal);
      saveUserName(user.userName);
      return user;
    },
  });
}
