import { ArrowDownOutlined, LoadingOutlined } from '@ant-design/icons';
import { INVITE_PAGE_SIZE_DEFAULT, type InvitationRecord, type InvitationReward } from '@pvplan/contract';
import { Button, Empty, Flex, List, Result, Segmented, Typography, theme } from 'antd';
import { type TouchEvent, type UIEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dialogs/format';
import { type InviteTab, useInviteInfinite } from './hooks';
import { dampedPull, maskPhone, pullPhase } from './inviteRules';

/** Load the next page when the list is scrolled to within this distance of its end (px). */
const LOAD_MORE_EDGE_PX = 48;

function RewardItem(props: { readonly row: InvitationReward }) {
  const { row } = props;
  return (
    <List.Item>
      <List.Item.Meta
        title={row.content}
        description={
          <Flex vertical>
            <span>{row.reason}</span>
            <Typography.Text type="secondary">{formatDateTime(row.createTime)}</Typography.Text>
          </Flex>
        }
      />
    </List.Item>
  );
}

function RecordItem(props: { readonly row: InvitationRecord }) {
  const { t } = useTranslation();
  const { row } = props;
  const counts = [
    `${t('invite.record.calculationNum')} ${row.calculationNum}`,
    `${t('invite.record.modelingNum')} ${row.modelingNum}`,
    `${t('invite.record.optimizingNum')} ${row.optimizingNum}`,
    `${t('invite.record.monthlyVipNum')} ${row.monthlyVipNum}`,
    `${t('invite.record.yearlyVipNum')} ${row.yearlyVipNum}`,
  ];
  return (
    <List.Item>
      <List.Item.Meta
        title={maskPhone(row.inviteePhoneNo)}
        description={
          <Flex vertical>
            <span>{counts.join(' · ')}</span>
            <Typography.Text type="secondary">{formatDateTime(row.createTime)}</Typography.Text>
          </Flex>
        }
      />
    </List.Item>
  );
}

/** One tab's rows with pull-to-refresh at the top and load-more at the bottom. */
function PagedList(props: { readonly tab: InviteTab }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useInviteInfinite(props.tab, INVITE_PAGE_SIZE_DEFAULT, true);
  const startY = useRef<number | null>(null);
  const [pullPx, setPullPx] = useState(0);
  const refreshing = query.isRefetching && !query.isFetchingNextPage;
  const phase = pullPhase(pullPx, refreshing);

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    startY.current = event.currentTarget.scrollTop <= 0 ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    const y = event.touches[0]?.clientY;
    if (startY.current === null || y === undefined) return;
    setPullPx(dampedPull(y - startY.current));
  };
  const onTouchEnd = () => {
    if (pullPhase(pullPx, refreshing) === 'release') void query.refetch();
    startY.current = null;
    setPullPx(0);
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    const nearEnd = box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_EDGE_PX;
    if (nearEnd && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  if (query.isError && !query.data) {
    return (
      <Result
        status="warning"
        title={t('invite.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  const pages = query.data?.pages ?? [];
  const indicator =
    phase === 'refreshing'
      ? t('invite.mobile.refreshing')
      : phase === 'release'
        ? t('invite.mobile.release')
        : t('invite.mobile.pull');

  return (
    <div
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
      onScroll={onScroll}
      style={{ maxHeight: '60vh', overflowY: 'auto', overscrollBehavior: 'contain' }}
      data-testid={`invite-mobile-${props.tab}`}
    >
      <Flex
        align="center"
        justify="center"
        gap={6}
        style={{
          height: phase === 'refreshing' ? 36 : pullPx,
          overflow: 'hidden',
          color: token.colorTextSecondary,
          transition: startY.current === null ? 'height 0.2s' : undefined,
        }}
      >
        {phase === 'refreshing' ? (
          <LoadingOutlined />
        ) : (
          <ArrowDownOutlined rotate={phase === 'release' ? 180 : 0} />
        )}
        <span>{indicator}</span>
      </Flex>
      {props.tab === 'rewards' ? (
        <List<InvitationReward>
          loading={query.isPending && query.fetchStatus !== 'idle'}
          dataSource={pages.flatMap((page) => page.list as InvitationReward[])}
          rowKey="id"
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invite.empty')} />,
          }}
          renderItem={(row) => <RewardItem row={row} />}
        />
      ) : (
        <List<InvitationRecord>
          loading={query.isPending && query.fetchStatus !== 'idle'}
          dataSource={pages.flatMap((page) => page.list as InvitationRecord[])}
          rowKey="id"
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invite.empty')} />,
          }}
          renderItem={(row) => <RecordItem row={row} />}
        />
      )}
      {pages.some((page) => page.list.length > 0) ? (
        <Flex justify="center" style={{ padding: '8px 0' }}>
          {query.hasNextPage ? (
            <Button
              type="link"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              data-testid="invite-load-more"
            >
              {query.isFetchingNextPage ? t('invite.mobile.loadingMore') : t('invite.mobile.loadMore')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('invite.mobile.noMore')}</Typography.Text>
          )}
        </Flex>
      ) : null}
    </div>
  );
}

/**
 * The campaign's rewards and invitation records as a mobile list (spec 000 §2): a switch between the
 * two, pull-to-refresh and load-more (10 rows a page). Switching starts the other list at page 1.
 */
export function InviteMobileList() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<InviteTab>('rewards');
  return (
    <Flex vertical gap={8}>
      <Segmented<InviteTab>
        block
        value={tab}
        onChange={setTab}
        options={[
          { value: 'rewards', label: t('invite.tabs.rewards') },
          { value: 'records', label: t('invite.tabs.records') },
        ]}
      />
      <PagedList key={tab} tab={tab} />
    </Flex>
  );
}
