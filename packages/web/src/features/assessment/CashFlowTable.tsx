import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultCashFlowRow } from '../../api/assessmentResults';
import { numberText } from './assessmentFormat';

/** The annual cash-flow table (years 0 … N) of the economics, after tax. */
export function CashFlowTable({
  rows,
  pv,
  storage,
}: {
  readonly rows: readonly ResultCashFlowRow[];
  readonly pv: boolean;
  readonly storage: boolean;
}) {
  const { t } = useTranslation();
  const money = (value: number) => numberText(value, 0) ?? '-';
  const column = (key: keyof ResultCashFlowRow, title: string) => ({ title, dataIndex: key, render: money });
  return (
    <Table<ResultCashFlowRow>
      rowKey="year"
      size="small"
      scroll={{ x: 1200, y: 420 }}
      pagination={false}
      dataSource={[...rows]}
      data-testid="assessment-cashflow-table"
      columns={[
        { title: t('assessment.table.year'), dataIndex: 'year', width: 70, fixed: 'left' },
        ...(pv ? [column('pvGenerationKwh', t('assessment.table.generation'))] : []),
        ...(storage ? [column('storageDischargeKwh', t('assessment.table.discharge'))] : []),
        column('revenueYuan', t('assessment.table.revenue')),
        ...(storage ? [column('storageRevenueYuan', t('assessment.table.storageRevenue'))] : []),
        column('opexYuan', t('assessment.table.opex')),
        column('capexYuan', t('assessment.table.capex')),
        column('incomeTaxYuan', t('assessment.table.incomeTax')),
        column('netProfitYuan', t('assessment.table.netProfit')),
        column('projectCashFlowAfterTaxYuan', t('assessment.table.cashFlow')),
        column('cumulativeProjectAfterTaxYuan', t('assessment.table.cumulative')),
        column('equityCashFlowYuan', t('assessment.table.equityCashFlow')),
      ]}
    />
  );
}
