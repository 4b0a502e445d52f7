import { USAGE_STATISTICS_PAGE_SIZES } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUsageStatistics, type UsageStatisticsRow } from '../../api/membership';
import { cellText, formatDateTime } from './format';
import { ListFailure } from './ListState';
import { FIRST_PAGE, nextPage, type PageState } from './paging';
import type { DialogProps } from './types';
import { useDialogUser } from './useDialogUser';

/**
 * Usage statistics (spec 001 §2): the projects designed with the user's quota, with paging
 * (10/20/30/50). Reads POST vip/getVipUserSchema/{userId}/{pageNum}/{pageSize}.
 */
export function UsageStatisticsDialog(props: DialogProps) {
  const { t } = useTranslation();
  const user = useDialogUser();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const userId = user?.id ?? null;

  const rows = useQuery({
    queryKey: ['usageStatistics', userId, page.pageNum, page.pageSize],
    enabled: props.open && userId !== null,
    queryFn: ({ signal }) =>
      getUsageStatistics({ userId: userId ?? 0, pageNum: page.pageNum, pageSize: page.pageSize }, signal),
  });

  const text = (value: string | number | null) => cellText(value);
  const columns: TableColumnsType<UsageStatisticsRow> = [
    {
      title: t('dialogs.usageStatistics.projectName'),
      dataIndex: 'projectName',
      render: text,
      fixed: 'left',
    },
    { title: t('dialogs.usageStatistics.area'), dataIndex: 'area', render: text },
    { title: t('dialogs.usageStatistics.designModel'), dataIndex: 'designModel', render: text },
    { title: t('dialogs.usageStatistics.optTarget'), dataIndex: 'optTarget', render: text },
    { title: t('dialogs.usageStatistics.projArea'), dataIndex: 'projArea', render: text, align: 'right' },
    {
      title: t('dialogs.usageStatistics.schemaCapacity'),
      dataIndex: 'schemaCapacity',
      render: text,
      align: 'right',
    },
    {
      title: t('dialogs.usageStatistics.createTime'),
      dataIndex: 'createTime',
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: t('dialogs.usageStatistics.updateTime'),
      dataIndex: 'updateTime',
      render: (value: string | null) => formatDateTime(value),
    },
  ];

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('dialogs.usageStatistics.title')}
      footer={null}
      width={1100}
      destroyOnHidden
    >
      <div data-testid="dialog-usage-statistics">
        {rows.isError ? (
          <ListFailure error={rows.error} onRetry={() => void rows.refetch()} testId="usage-statistics" />
        ) : (
          <Table<UsageStatisticsRow>
            rowKey={(row) => `${row.projectName}|${row.createTime ?? ''}|${row.updateTime ?? ''}`}
            size="middle"
            columns={columns}
            dataSource={rows.data?.list ?? []}
            loading={rows.isPending && rows.fetchStatus !== 'idle'}
            scroll={{ x: 1000, y: 400 }}
            locale={{ emptyText: t('dialogs.usageStatistics.empty') }}
            pagination={{
              current: page.pageNum,
              pageSize: page.pageSize,
              total: rows.data?.total ?? 0,
              pageSizeOptions: USAGE_STATISTICS_PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (total) => t('dialogs.common.total', { total }),
              onChange: (pageNum, pageSize) => setPage((current) => nextPage(current, pageNum, pageSize)),
            }}
          />
        )}
      </div>
    </Modal>
  );
}
