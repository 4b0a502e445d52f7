import { HistoryOutlined } from '@ant-design/icons';
import { POINTS_PER_YUAN, type PointsEntry } from '@pvplan/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Modal, Segmented, Skeleton, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPoints, getPointsLedger } from '../../api/membership';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { useCurrentUser } from '../../app/useCurrentUser';
import { FIRST_PAGE, type PageState, pagerOf } from '../../components/dialogs/paging';
import { MEMBERSHIP_QUERY_KEY } from './hooks';
import { pointsText } from './points';
import { pointsLedgerColumns } from './pointsLedgerColumns';

const POINTS_QUERY_KEY = [...MEMBERSHIP_QUERY_KEY, 'myPoints'] as const;

/**
 * The user's own points (spec 001 §7 account/getPoints, getDetailPoints, getDetailActivePoints):
 * the balance, how points are earned, and the ledger — every entry or those earned by activity —
 * in a dialog. Paid orders earn POINTS_PER_YUAN per whole yuan; the balance is the ledger's sum.
 */
export function PointsView() {
  const { t } = useTranslation();
  const userId = useCurrentUser().data?.id;
  const [ledgerOpen, setLedgerOpen] = useState(false);
  const balance = useQuery({
    queryKey: [...POINTS_QUERY_KEY, 'balance', userId],
    enabled: userId !== undefined,
    queryFn: ({ signal }) => getPoints(signal),
  });

  return (
    <Card title={t('membership.myPoints.title')} data-testid="my-points">
      {balance.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : balance.isError ? (
        <Typography.Text type="secondary">{t('membership.myPoints.loadFailed')}</Typography.Text>
      ) : (
        <Flex justify="space-between" align="end" gap={12} wrap>
          <Flex vertical gap={4}>
            <Statistic
              title={t('membership.points.balance')}
              value={balance.data.points}
              formatter={(value) => pointsText(Number(value))}
              valueStyle={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="my-points-balance"
            />
            <Typography.Text type="secondary">
              {t('membership.myPoints.rule', { points: POINTS_PER_YUAN })}
            </Typography.Text>
          </Flex>
          <Button
            icon={<HistoryOutlined />}
            onClick={() => setLedgerOpen(true)}
            data-testid="my-points-ledger"
          >
            {t('membership.myPoints.ledger')}
          </Button>
        </Flex>
      )}
      <PointsLedgerDialog open={ledgerOpen} onClose={() => setLedgerOpen(false)} userId={userId} />
    </Card>
  );
}

/** The user's points ledger, newest first: every entry, or only those earned by activity. */
function PointsLedgerDialog(props: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly userId: number | undefined;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [activeOnly, setActiveOnly] = useState(false);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const { userId } = props;
  const ledger = useQuery({
    queryKey: [...POINTS_QUERY_KEY, 'ledger', userId, activeOnly, page],
    enabled: props.open && userId !== undefined,
    queryFn: ({ signal }) =>
      getPointsLedger(
        { userId: userId ?? 0, pageNum: page.pageNum, pageSize: page.pageSize, activeOnly },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('membership.myPoints.ledger')}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="dialog-my-points">
        <Segmented
          value={activeOnly ? 'active' : 'all'}
          options={[
            { value: 'all', label: t('membership.points.all') },
            { value: 'active', label: t('membership.points.active') },
          ]}
          onChange={(value) => {
            setActiveOnly(value === 'active');
            setPage(FIRST_PAGE);
          }}
          style={{ alignSelf: 'flex-start' }}
        />
        <Table<PointsEntry>
          rowKey="id"
          size="small"
          columns={pointsLedgerColumns(t, mobile)}
          showHeader={!mobile}
          dataSource={ledger.data?.list ?? []}
          loading={ledger.isFetching}
          locale={{ emptyText: t('membership.myPoints.empty') }}
          pagination={{
            ...pagerOf(page, ledger.data?.total, setPage),
            showSizeChanger: !mobile,
            showTotal: (total) => t('dialogs.common.total', { total }),
          }}
        />
      </Flex>
    </Modal>
  );
}
