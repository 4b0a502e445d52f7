import { Col, Descriptions, Row, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary, StorageSummaryView } from '../../api/assessmentResults';
import { numberText, percentText } from './assessmentFormat';
import { type SavingsRow, type StorageYearRow, storageSavingsRows, storageYearRows } from './resultTables';

/** The battery's year 1 (operation, savings by component) and its years over the project life. */
export function StorageTables({
  summary,
  storage,
}: {
  readonly summary: ResultSummary;
  readonly storage: StorageSummaryView;
}) {
  const { t } = useTranslation();
  const savings = useMemo(() => storageSavingsRows(storage), [storage]);
  const years = useMemo(
    () => storageYearRows(summary.economics.rows, summary.economics.storageReplacements),
    [summary],
  );
  const money = (v: number | null) => numberText(v, 0) ?? '-';
  const kwh = (v: number) => `${numberText(v, 0) ?? '-'} ${t('assessment.unit.kwh')}`;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Typography.Title level={5}>{t('assessment.storage.operation')}</Typography.Title>
        <Descriptions
          size="small"
          bordered
          column={1}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          data-testid="assessment-storage-operation"
        >
          <Descriptions.Item label={t('assessment.storage.rating')}>
            {`${numberText(storage.powerKw, 0)} ${t('assessment.unit.kw')} / ${kwh(storage.energyKwh)}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.storage.strategy')}>
            {t(`assessment.strategy.${storage.strategy}` as 'assessment.strategy.optimal')}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.storage.discharge')}>
            {kwh(storage.dischargeKwh)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.storage.chargeFromGrid')}>
            {kwh(storage.chargeFromGridKwh)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.storage.chargeFromPv')}>
            {kwh(storage.chargeFromPvKwh)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.storage.cycles')}>
            <span data-testid="assessment-storage-cycles">{numberText(storage.equivalentFullCycles, 1)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.storage.billWithout')}>
            {money(storage.billWithoutStorageYuan)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.storage.billWith')}>
            {money(storage.billWithStorageYuan)}
          </Descriptions.Item>
        </Descriptions>
      </Col>
      <Col xs={24} xl={12}>
        <Typography.Title level={5}>{t('assessment.storage.savingsTitle')}</Typography.Title>
        <Table<SavingsRow>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={savings}
          data-testid="assessment-storage-savings"
          columns={[
            {
              title: t('assessment.storage.component'),
              dataIndex: 'key',
              render: (key: SavingsRow['key']) => t(`assessment.storage.part.${key}`),
            },
            { title: t('assessment.storage.yuan'), dataIndex: 'yuan', render: money },
            {
              title: t('assessment.storage.share'),
              dataIndex: 'share',
              render: (share: number | null, row: { key: string }) =>
                percentText(share, 1) ?? (row.key === 'total' ? '' : '-'),
            },
          ]}
        />
      </Col>
      <Col span={24}>
        <Typography.Title level={5}>{t('assessment.storage.yearsTitle')}</Typography.Title>
        <Table<StorageYearRow>
          rowKey="year"
          size="small"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={years}
          data-testid="assessment-storage-years"
          columns={[
            { title: t('assessment.table.year'), dataIndex: 'year', width: 70 },
            { title: t('assessment.table.discharge'), dataIndex: 'dischargeKwh', render: money },
            {
              title: t('assessment.storage.retention'),
              dataIndex: 'retention',
              render: (v: number | null) => percentText(v, 1) ?? '-',
            },
            { title: t('assessment.storage.yearSavings'), dataIndex: 'savingsYuan', render: money },
            {
              title: t('assessment.storage.replacement'),
              dataIndex: 'replacementYuan',
              render: (v: number | null) => (v === null ? '' : money(v)),
            },
          ]}
        />
      </Col>
    </Row>
  );
}
