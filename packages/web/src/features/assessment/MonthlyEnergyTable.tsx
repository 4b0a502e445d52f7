import { Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import { numberText } from './assessmentFormat';
import { type MonthlyEnergyRow, monthlyEnergyRows } from './resultTables';

/** Month by month: consumption, PV, bills, and the maximum demand without and with storage. */
export function MonthlyEnergyTable({ summary }: { readonly summary: ResultSummary }) {
  const { t } = useTranslation();
  const rows = useMemo(() => monthlyEnergyRows(summary), [summary]);
  const value = (v: number | null) => numberText(v, 0) ?? '-';
  const column = (key: keyof MonthlyEnergyRow, title: string) => ({ title, dataIndex: key, render: value });
  const pv = summary.pv !== null;
  const storage = summary.storage !== null;
  return (
    <Table<MonthlyEnergyRow>
      rowKey="month"
      size="small"
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={rows}
      data-testid="assessment-monthly-table"
      columns={[
        {
          title: t('assessment.table.month'),
          dataIndex: 'month',
          width: 70,
          render: (month: number) => t('assessment.field.month', { month }),
        },
        column('loadKwh', t('assessment.table.load')),
        ...(pv
          ? [
              column('pvKwh', t('assessment.table.generation')),
              column('selfConsumedKwh', t('assessment.table.selfConsumed')),
              column('exportKwh', t('assessment.table.export')),
            ]
          : []),
        column('billBeforeYuan', t('assessment.table.billBefore')),
        ...(pv ? [column('billWithPvYuan', t('assessment.table.billWithPv'))] : []),
        ...(storage
          ? [
              column('maxDemandWithoutKw', t('assessment.table.maxDemandWithout')),
              column('maxDemandWithKw', t('assessment.table.maxDemandWith')),
            ]
          : []),
      ]}
    />
  );
}
