import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementSummaryView } from '../../api/assessmentResults';
import { numberText } from './assessmentFormat';

type Outcome = SettlementSummaryView['outcomes'][number];

/** The settlement modes compared (自发自用余电上网, 全额上网, 零上网): bills and savings, the best marked. */
export function SettlementCard({ settlement }: { readonly settlement: SettlementSummaryView }) {
  const { t } = useTranslation();
  const money = (value: number) => numberText(value, 0) ?? '-';
  return (
    <Card title={t('assessment.settlement.title')} data-testid="assessment-settlement">
      <Typography.Paragraph type="secondary">
        {t('assessment.settlement.baseline', { yuan: money(settlement.baselineBillYuan) })}
      </Typography.Paragraph>
      <Table<Outcome>
        rowKey="mode"
        size="small"
        pagination={false}
        dataSource={settlement.outcomes}
        rowClassName={(row) => (row.mode === settlement.bestMode ? 'ant-table-row-selected' : '')}
        columns={[
          {
            title: t('assessment.settlement.mode'),
            dataIndex: 'mode',
            render: (mode: Outcome['mode']) => (
              <>
                {t(`assessment.settlement.${mode}`)}
                {mode === settlement.bestMode ? (
                  <Tag color="green" style={{ marginLeft: 8 }}>
                    {t('assessment.settlement.best')}
                  </Tag>
                ) : null}
              </>
            ),
          },
          { title: t('assessment.settlement.pvOnlyBill'), dataIndex: 'pvOnlyBillYuan', render: money },
          { title: t('assessment.settlement.pvStorageBill'), dataIndex: 'pvStorageBillYuan', render: money },
          { title: t('assessment.settlement.savings'), dataIndex: 'savingsYuan', render: money },
        ]}
      />
    </Card>
  );
}
