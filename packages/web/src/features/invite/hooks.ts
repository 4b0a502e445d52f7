import {
  INVITE_REWARD_DEFAULTS,
  type InvitationRecord,
  type InvitationReward,
  type InviteActivity,
  type Page,
} from '@pvplan/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  getInvitationCode,
  getInvitationRecordPage,
  getInvitationRewardPage,
  getOpenedActivities,
  type InvitationPageQuery,
} from '../../api/invitation';
import { useCurrentUser } from '../../app/useCurrentUser';
import { type CampaignView, campaignView, localDateOf, nextPageNum } from './inviteRules';

/** The two tabs of the campaign dialog (spec 000 §2). */
export type InviteTab = 'rewards' | 'records';

export const INVITE_QUERY_KEY = ['invite'] as const;

/** Opened campaigns (data[0] is the current one); cached five minutes. */
export function useInviteActivities(enabled = true) {
  return useQuery<InviteActivity[]>({
    queryKey: [...INVITE_QUERY_KEY, 'activities'],
    queryFn: ({ signal }) => getOpenedActivities(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** What one invite earns in the current campaign (the seeded defaults until it is loaded). */
export function rewardPerInvite(activities: readonly InviteActivity[] | undefined) {
  const current = activities?.[0];
  return {
    memberDays: current?.rewardMemberDays ?? INVITE_REWARD_DEFAULTS.memberDays,
    areaWanM2: current?.rewardAreaWanM2 ?? INVITE_REWARD_DEFAULTS.areaWanM2,
  };
}

/**
 * The campaign as shown today, and `reevaluate` to look again (spec 000 §4: on closing the dialog,
 * banner visibility is re-evaluated): it re-reads the date and the campaign.
 */
export function useCampaignView(enabled = true): {
  readonly view: CampaignView;
  readonly activities: readonly InviteActivity[] | undefined;
  readonly loaded: boolean;
  readonly reevaluate: () => void;
} {
  const activities = useInviteActivities(enabled);
  const [today, setToday] = useState(() => localDateOf(new Date()));
  const { refetch } = activities;
  const reevaluate = useCallback(() => {
    setToday(localDateOf(new Date()));
    void refetch();
  }, [refetch]);
  return {
    view: campaignView(activities.data, today),
    activities: activities.data,
    loaded: activities.isSuccess,
    reevaluate,
  };
}

/** The row type of a tab. */
export type InviteRowOf<K extends InviteTab> = K extends 'rewards' ? InvitationReward : InvitationRecord;

function fetchPage<K extends InviteTab>(
  tab: K,
  query: InvitationPageQuery,
  signal?: AbortSignal,
): Promise<Page<InviteRowOf<K>>> {
  const page =
    tab === 'rewards' ? getInvitationRewardPage(query, signal) : getInvitationRecordPage(query, signal);
  return page as Promise<Page<InviteRowOf<K>>>;
}

/** One page of a tab's table for the signed-in inviter. */
export function useInvitePage<K extends InviteTab>(
  tab: K,
  pageNum: number,
  pageSize: number,
  enabled: boolean,
) {
  const inviterId = useCurrentUser().data?.id;
  return useQuery({
    queryKey: [...INVITE_QUERY_KEY, tab, inviterId, pageNum, pageSize],
    queryFn: ({ signal }) => fetchPage(tab, { pageNum, pageSize, inviterId }, signal),
    enabled: enabled && inviterId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** A tab's rows page by page for the mobile list (load-more; a refetch is the pull-to-refresh). */
export function useInviteInfinite<K extends InviteTab>(tab: K, pageSize: number, enabled: boolean) {
  const inviterId = useCurrentUser().data?.id;
  return useInfiniteQuery({
    queryKey: [...INVITE_QUERY_KEY, tab, inviterId, 'infinite', pageSize],
    queryFn: ({ pageParam, signal }) => fetchPage(tab, { pageNum: pageParam, pageSize, inviterId }, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageNum(pages),
    enabled: enabled && inviterId !== undefined,
  });
}

/** The signed-in user's exclusive code, fetched once the dialog opens. */
export function useInviteCode(enabled: boolean) {
  return useQuery({
    queryKey: [...INVITE_QUERY_KEY, 'code'],
    queryFn: ({ signal }) => getInvitationCode(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
