import type { ProjectConfigs, ProjectView } from '@pvplan/contract';
import { Card, Descriptions, Empty, Space, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EditAction,
  numberText,
  percentText,
  useProductLabel,
  useProjectConfigs,
} from '../../../../features/assessment';
import { type RunModelRow, runModelRows } from '../detailCharts';

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The project's PV, storage, run-model and economics configs, read-only, with a link to edit them. */
export function ConfigsTab({ projId, project }: { readonly projId: string; readonly project: ProjectView }) {
  const { t } = useTranslation();
  const projType = project.projType;
  const { configs, runModel } = useProjectConfigs(projId);
  const productLabel = useProductLabel();
  if (configs.isLoading) return <Spin />;
  const c: ProjectConfigs | undefined = configs.data?.configs;
  if (!c) return <Empty />;
  const yes = (v: boolean) => t(v ? 'assessment.detail.yes' : 'assessment.detail.no');
  const num = (v: number | undefined | null, unit: string, digits = 2) =>
    v === undefined || v === null ? '-' : `${numberText(v, digits)} ${unit}`;
  const pct = (v: number | undefined) => (v === undefined ? '-' : (percentText(v, 1) ?? '-'));
  const hasPv = projType === 'pv' || projType === 'pves';
  const hasStorage = projType !== 'pv';
  const edit = (
    <EditAction project={project} label="assessment.detail.editConfigs" testId="assessment-edit-configs" />
  );
  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%' }}
      data-testid="assessment-detail-configs"
    >
      {hasPv ? (
        <Card title={t('assessment.detail.pvConfig')} extra={edit}>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('assessment.field.capacityKwp')}>
              {num(c.pv.capacityKwp, t('assessment.unit.kwp'))}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.field.roofAreaM2')}>
              {num(c.pv.roofAreaM2, 'm²', 0)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.field.bestTilt')}>
              {yes(c.pv.useBestTilt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.field.tiltDeg')}>
              {num(c.pv.tiltDeg, '°', 1)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.field.azimuthDeg')}>
              {num(c.pv.azimuthDeg, '°', 1)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.dcAcRatio')}>
              {numberText(c.pv.dcAcRatio)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.losses')}>
              {num(c.pv.lossesPercent, '%', 1)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.degradation')}>
              {`${pct(c.pv.firstYearDegradation)} / ${pct(c.pv.annualDegradation)}`}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      {hasStorage ? (
        <Card title={t('assessment.detail.esConfig')} extra={hasPv ? null : edit}>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('assessment.detail.product')}>
              {c.es.productId
                ? t('assessment.detail.productUnits', {
                    product: productLabel(c.es.productId),
                    units: c.es.units ?? 1,
                  })
                : t('assessment.detail.custom')}
            </Descriptions.Item>
            {c.es.productId ? null : (
              <Descriptions.Item label={t('assessment.storage.rating')}>
                {`${num(c.es.powerKw, t('assessment.unit.kw'), 0)} / ${num(c.es.energyKwh, t('assessment.unit.kwh'), 0)}`}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('assessment.storage.strategy')}>
              {t(`assessment.strategy.${c.es.strategy}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.roundTrip')}>
              {pct(c.es.roundTripEfficiency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.socWindow')}>
              {`${pct(c.es.socMinFraction)} – ${pct(c.es.socMaxFraction)}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.gridCharging')}>
              {yes(c.es.gridChargingAllowed)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.workingDays')}>
              {WEEKDAY_KEYS.filter((_, i) => c.es.workingWeekdays[i])
                .map((key) => t(`assessment.weekday.${key}`))
                .join(' ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.esLife')}>
              {num(c.es.lifeYears, t('assessment.unit.years'), 0)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.detail.esCapex')}>
              {num(c.es.capexYuanPerWh, t('assessment.unit.yuanPerWh'))}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      {hasStorage ? (
        <Card
          title={t('assessment.detail.runModel')}
          extra={
            runModel.data ? (
              <Tag>{t(runModel.data.saved ? 'assessment.detail.saved' : 'assessment.detail.derived')}</Tag>
            ) : null
          }
        >
          {runModel.data ? (
            <Table<RunModelRow>
              rowKey="month"
              size="small"
              pagination={false}
              dataSource={runModelRows(runModel.data.runModel)}
              columns={[
                {
                  title: t('assessment.table.month'),
                  dataIndex: 'month',
                  width: 80,
                  render: (month: number) => t('assessment.field.month', { month }),
                },
                {
                  title: t('assessment.detail.charge'),
                  dataIndex: 'charge',
                  render: (v: string[]) => v.join('；'),
                },
                {
                  title: t('assessment.detail.discharge'),
                  dataIndex: 'discharge',
                  render: (v: string[]) => v.join('；'),
                },
              ]}
            />
          ) : (
            <Empty description={runModel.error?.message ?? t('assessment.detail.noRunModel')} />
          )}
        </Card>
      ) : null}
      <Card title={t('assessment.detail.economicsConfig')}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('assessment.field.businessModel')}>
            {t(c.economics.businessModel === 'emc' ? 'assessment.field.emc' : 'assessment.field.selfInvest')}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.detail.lifeYears')}>
            {num(c.economics.lifeYears, t('assessment.unit.years'), 0)}
          </Descriptions.Item>
          {hasPv ? (
            <Descriptions.Item label={t('assessment.field.pvCapexYuanPerW')}>
              {numberText(c.economics.pvCapexYuanPerW)}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('assessment.detail.discountRate')}>
            {pct(c.economics.discountRate)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.detail.equity')}>
            {pct(c.economics.equityFraction)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.detail.loan')}>
            {`${pct(c.economics.loanRate)} · ${c.economics.loanTermYears} ${t('assessment.unit.years')}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.detail.incomeTax')}>
            {`${pct(c.economics.incomeTaxRate)}${c.economics.incomeTaxHoliday ? ` · ${t('assessment.detail.taxHoliday')}` : ''}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('assessment.detail.escalation')}>
            {pct(c.economics.gridEscalation)}
          </Descriptions.Item>
          {c.economics.businessModel === 'emc' ? (
            <Descriptions.Item label={t('assessment.field.hostPricePercent')}>
              {pct(c.economics.hostPriceFraction)}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
    </Space>
  );
}
