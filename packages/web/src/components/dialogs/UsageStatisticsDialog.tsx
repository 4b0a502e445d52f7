import { USAGE_STATISTICS_PAGE_SIZES } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUsageStatistics, type UsageStatisticsRow } from '../../api/membership';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { quotaNumberText } from '../../features/membership/packageNames';
import { areaText } from '../../features/membership/packRules';
import { cellText, formatDateTime } from './format';
import { ListFailure } from './ListState';
import { FIRST_PAGE, nextPage, type PageState } from './paging';
import { RowCard } from './RowCard';
import type { DialogProps } from './types';
import { useDialogUser } from './useDialogUser';

/**
 * Usage statistics (spec 001 §2): the projects designed with the user's quota, with paging
 * (10/20/30/50): where, how, the project's area (万m²; m² in English) and the plan's capacity (MW),
 * and what each took from the quota. Reads POST vip/getVipUserSchema/{userId}/{pageNum}/{pageSize}.
 */
export function UsageStatisticsDialog(props: DialogProps) {
  const { t, i18n } = useTranslation();
  const user = useDialogUser();
  const mobile = useIsMobile();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const userId = user?.id ?? null;

  const rows = useQuery({
    queryKey: ['usageStatistics', userId, page.pageNum, page.pageSize],
    enabled: props.open && userId !== null,
    queryFn: ({ signal }) =>
      getUsageStatistics({ userId: userId ?? 0, pageNum: page.pageNum, pageSize: page.pageSize }, signal),
  });

  const text = (value: string | number | null) => cellText(value);
  const noWrap = (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{value}</span>;
  const language = i18n.language;
  // Areas come in 万m²: Chinese keeps them, English reads square metres (the headers carry the unit).
  const projAreaText = (value: number | null) => (value === null ? '-' : areaText(value, language));
  const capacityText = (value: number | null) => (value === null ? '-' : quotaNumberText(value, language));
  const quotaUsedText = (row: UsageStatisticsRow) => {
    const parts = [
      row.capacityMw > 0
        ? t('membership.topUp.capacityAmount', { value: quotaNumberText(row.capacityMw, language) })
        : null,
      row.areaWanM2 > 0
        ? t('membership.topUp.areaAmount', { value: areaText(row.areaWanM2, language) })
        : null,
    ].filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(' + ') : '-';
  };

  const desktopColumns: TableColumnsType<UsageStatisticsRow> = [
    {
      title: t('dialogs.usageStatistics.projectName'),
      dataIndex: 'projectName',
      render: text,
      fixed: 'left',
      width: 200,
    },
    { title: t('dialogs.usageStatistics.area'), dataIndex: 'area', render: text, width: 150 },
    { title: t('dialogs.usageStatistics.designModel'), dataIndex: 'designModel', render: text, width: 110 },
    { title: t('dialogs.usageStatistics.optTarget'), dataIndex: 'optTarget', render: text, width: 110 },
    {
      title: t('dialogs.usageStatistics.projArea'),
      dataIndex: 'projArea',
      render: (value: number | null) => noWrap(projAreaText(value)),
      align: 'right',
      width: 130,
    },
    {
      title: t('dialogs.usageStatistics.schemaCapacity'),
      dataIndex: 'schemaCapacity',
      render: (value: number | null) => noWrap(capacityText(value)),
      align: 'right',
      width: 130,
    },
    {
      title: t('dialogs.usageStatistics.quotaUsed'),
      key: 'quotaUsed',
      render: (_: unknown, row) => noWrap(quotaUsedText(row)),
      align: 'right',
      width: 130,
    },
    {
      title: t('dialogs.usageStatistics.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string | null) => noWrap(formatDateTime(value)),
    },
    {
      title: t('dialogs.usageStatistics.updateTime'),
      dataIndex: 'updateTime',
      width: 170,
      render: (value: string | null) => noWrap(formatDateTime(value)),
    },
  ];
  // Phones: one card per project instead of a table wider than the screen.
  const phoneColumns: TableColumnsType<UsageStatisticsRow> = [
    {
      key: 'card',
      render: (_: unknown, row) => (
        <RowCard
          title={cellText(row.projectName)}
          lines={[
            { label: t('dialogs.usageStatistics.area'), value: text(row.area) },
            { label: t('dialogs.usageStatistics.designModel'), value: text(row.designModel) },
            { label: t('dialogs.usageStatistics.optTarget'), value: text(row.optTarget) },
            { label: t('dialogs.usageStatistics.projArea'), value: projAreaText(row.projArea) },
            { label: t('dialogs.usageStatistics.schemaCapacity'), value: capacityText(row.schemaCapacity) },
            { label: t('dialogs.usageStatistics.quotaUsed'), value: quotaUsedText(row) },
            { label: t('dialogs.usageStatistics.updateTime'), value: formatDateTime(row.updateTime) },
          ]}
        />
      ),
    },
  ];

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('dialogs.usageStatistics.title')}
      footer={null}
      width={1340}
      destroyOnHidden
    >
      <div data-testid="dialog-usage-statistics">
        {rows.isError ? (
          <ListFailure error={rows.error} onRetry={() => void rows.refetch()} testId="usage-statistics" />
        ) : (
          <Table<UsageStatisticsRow>
            rowKey="id"
            size="middle"
            columns={mobile ? phoneColumns : desktopColumns}
            showHeader={!mobile}
            dataSource={rows.data?.list ?? []}
            loading={rows.isPending && rows.fetchStatus !== 'idle'}
            scroll={mobile ? undefined : { x: 1290, y: 400 }}
            locale={{ emptyText: t('dialogs.usageStatistics.empty') }}
            pagination={{
              current: page.pageNum,
              pageSize: page.pageSize,
              total: rows.data?.total ?? 0,
              pageSizeOptions: USAGE_STATISTICS_PAGE_SIZES.map(String),
              showSizeChanger: !mobile,
              showTotal: (total) => t('dialogs.common.total', { total }),
              onChange: (pageNum, pageSize) => setPage((current) => nextPage(current, pageNum, pageSize)),
            }}
          />
        )}
      </div>
    </Modal>
  );
}
