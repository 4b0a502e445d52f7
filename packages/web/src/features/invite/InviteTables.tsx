import {
  INVITE_PAGE_SIZE_DEFAULT,
  type InvitationRecord,
  type InvitationReward,
  PAGE_SIZE_CHOICES,
} from '@pvplan/contract';
import { Button, Empty, Result, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dialogs/format';
import { type InviteRowOf, type InviteTab, useInvitePage } from './hooks';
import { maskPhone } from './inviteRules';

/** Table body height in the dialog (spec 000 §9: table height 400). */
export const INVITE_TABLE_HEIGHT_PX = 400;

function useColumns() {
  const { t } = useTranslation();
  const rewards: TableColumnsType<InvitationReward> = [
    { title: t('invite.reward.content'), dataIndex: 'content' },
    { title: t('invite.reward.reason'), dataIndex: 'reason' },
    {
      title: t('invite.reward.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('invite.reward.status'),
      dataIndex: 'nonAdministratorStatus',
      width: 110,
      render: (value: 0 | 1) =>
        value === 1 ? (
          <Tag color="success">{t('invite.reward.status.1')}</Tag>
        ) : (
          <Tag>{t('invite.reward.status.0')}</Tag>
        ),
    },
  ];
  const count = { align: 'right' as const, width: 120 };
  const records: TableColumnsType<InvitationRecord> = [
    {
      title: t('invite.record.phone'),
      dataIndex: 'inviteePhoneNo',
      render: (value: string) => maskPhone(value),
    },
    { title: t('invite.record.calculationNum'), dataIndex: 'calculationNum', ...count },
    { title: t('invite.record.modelingNum'), dataIndex: 'modelingNum', ...count },
    { title: t('invite.record.optimizingNum'), dataIndex: 'optimizingNum', ...count },
    { title: t('invite.record.monthlyVipNum'), dataIndex: 'monthlyVipNum', ...count },
    { title: t('invite.record.yearlyVipNum'), dataIndex: 'yearlyVipNum', ...count },
    {
      title: t('invite.record.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
  ];
  return { rewards, records };
}

interface TabTableProps<K extends InviteTab> {
  readonly tab: K;
  readonly columns: TableColumnsType<InviteRowOf<K>>;
  readonly active: boolean;
  readonly pageNum: number;
  readonly pageSize: number;
  readonly onPage: (pageNum: number, pageSize: number) => void;
}

function TabTable<K extends InviteTab>(props: TabTableProps<K>) {
  const { t } = useTranslation();
  const page = useInvitePage(props.tab, props.pageNum, props.pageSize, props.active);
  if (page.isError) {
    return (
      <Result
        status="warning"
        title={t('invite.loadFailed')}
        extra={<Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Table<InviteRowOf<K>>
      rowKey="id"
      size="middle"
      columns={props.columns}
      dataSource={page.data?.list ?? []}
      loading={page.isFetching}
      scroll={{ x: 'max-content', y: INVITE_TABLE_HEIGHT_PX }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invite.empty')} />,
      }}
      pagination={{
        current: props.pageNum,
        pageSize: props.pageSize,
        total: page.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_CHOICES.map(String),
        showTotal: (total) => t('invite.pager.total', { total }),
        onChange: props.onPage,
      }}
      data-testid={`invite-table-${props.tab}`}
    />
  );
}

/**
 * The dialog's two tabs, My rewards and My invitation records, each a table with a pager
 * (default 10 rows, spec 000 §9). Switching tab goes back to page 1 (spec 000 §4).
 */
export function InviteTables() {
  const { t } = useTranslation();
  const columns = useColumns();
  const [tab, setTab] = useState<InviteTab>('rewards');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(INVITE_PAGE_SIZE_DEFAULT);

  const onPage = (nextPageNum: number, nextPageSize: number) => {
    // A new page size starts again at page 1.
    setPageNum(nextPageSize === pageSize ? nextPageNum : 1);
    setPageSize(nextPageSize);
  };
  const common = { pageNum, pageSize, onPage };

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        setTab(key as InviteTab);
        setPageNum(1);
      }}
      destroyOnHidden
      items={[
        {
          key: 'rewards',
          label: t('invite.tabs.rewards'),
          children: (
            <TabTable tab="rewards" columns={columns.rewards} active={tab === 'rewards'} {...common} />
          ),
        },
        {
          key: 'records',
          label: t('invite.tabs.records'),
          children: (
            <TabTable tab="records" columns={columns.records} active={tab === 'records'} {...common} />
          ),
        },
      ]}
    />
  );
}
