import type { PackageType, UsageCapacity, VipFeatures, VipPackage } from '@pvplan/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getOnceVipIds, getUsageCapacity, getVipFeatures, getVipList } from '../../api/membership';
import { useCurrentUser } from '../../app/useCurrentUser';

export const MEMBERSHIP_QUERY_KEY = ['membership'] as const;
export const USAGE_QUERY_KEY = [...MEMBERSHIP_QUERY_KEY, 'usage'] as const;

/** The signed-in user's usage capacity (spec 000 §3). */
export function useUsageCapacity(enabled = true) {
  return useQuery<UsageCapacity>({
    queryKey: USAGE_QUERY_KEY,
    queryFn: ({ signal }) => getUsageCapacity(signal),
    enabled,
    staleTime: 10_000,
  });
}

/** The plans or packs of a type, fresh each time a dialog or page opens. */
export function useVipList(vipType: PackageType, enabled = true) {
  return useQuery<VipPackage[]>({
    queryKey: [...MEMBERSHIP_QUERY_KEY, 'list', vipType],
    queryFn: ({ signal }) => getVipList(vipType, signal),
    enabled,
    staleTime: 0,
  });
}

export function useVipFeatures() {
  return useQuery<VipFeatures>({
    queryKey: [...MEMBERSHIP_QUERY_KEY, 'features'],
    queryFn: ({ signal }) => getVipFeatures(signal),
    staleTime: 5 * 60_000,
  });
}

/** Once-only packages the user has bought (shown as bought, not buyable). */
export function useOnceVipIds() {
  const userId = useCurrentUser().data?.id;
  return useQuery<number[]>({
    queryKey: [...MEMBERSHIP_QUERY_KEY, 'onceIds', userId],
    queryFn: ({ signal }) => getOnceVipIds(userId ?? 0, signal),
    enabled: userId !== undefined,
  });
}

/**
 * After a payment: usage, the user (tier and expiry), once-only packages and purchase records are
 * read again (spec 001 §4: "usage capacity is refreshed for the user").
 */
export function useRefreshAfterPayment(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY }),
      client.invalidateQueries({ queryKey: ['currentUser'] }),
      client.invalidateQueries({ queryKey: ['purchaseRecords'] }),
    ]);
  }, [client]);
}
