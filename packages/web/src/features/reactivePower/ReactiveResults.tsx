import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CompensationAssessment,
  PowerFactorAssessment,
  PowerFactorMonthView,
  StoredReactiveMonth,
} from '../../api/reactivePower';
import { EChart } from '../../components/EChart';
import { dateTimeText } from '../../utils/dateTime';
import { percentText } from '../assessment/assessmentFormat';
import { modulesText, planOfSource, powerFactorChartOption } from './reactiveForm';
import { adjustmentPercentText, type ReactiveQuantity, reactiveFigure } from './reactiveFormat';

export interface ReactiveResultsProps {
  readonly powerFactor: PowerFactorAssessment;
  readonly compensation: CompensationAssessment | null;
  readonly currentPlanId: number | null;
}

interface MonthRow extends PowerFactorMonthView {
  readonly key: string;
  readonly pvSelfConsumedKwh: number | null;
  readonly stored: StoredReactiveMonth | null;
  readonly requiredKvar: number | null;
  readonly pfCompensated: number | null;
}

/**
 * The stored reactive assessment: PF at the meter before and after PV over the period, the
 * adjustment charge before and after, the recommended compensation and device, the monthly chart
 * and table. Every figure is the server's.
 */
export function ReactiveResults({ powerFactor, compensation, currentPlanId }: ReactiveResultsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const r = powerFactor.result;
  const c = compensation?.result ?? null;
  /** A figure at its quantity's one precision (reactiveFormat). */
  const figure = (value: number | null | undefined, quantity: ReactiveQuantity) =>
    reactiveFigure(value, quantity, language);
  const yuan = (value: number | null | undefined) =>
    t('reactivePower.value.yuan', { value: figure(value, 'yuan') });
  const kvar = (value: number | null | undefined) =>
    t('reactivePower.value.kvar', { value: figure(value, 'kvar') });

  const option = useMemo(
    () =>
      powerFactorChartOption(
        powerFactor,
        compensation,
        {
          before: t('reactivePower.chart.before'),
          after: t('reactivePower.chart.after'),
          compensated: t('reactivePower.chart.compensated'),
          standard: t('reactivePower.chart.standard'),
        },
        language,
      ),
    [powerFactor, compensation, t, language],
  );

  const rows: MonthRow[] = r.months.map((month, index) => {
    const label = month.label ?? String(index + 1);
    const comp = c?.months.find((m) => (m.label ?? '') === (month.label ?? '')) ?? null;
    return {
      ...month,
      key: label,
      pvSelfConsumedKwh: powerFactor.input.months[index]?.pvSelfConsumedKwh ?? null,
      stored: powerFactor.input.months[index] ?? null,
      requiredKvar: comp?.requiredKvar ?? null,
      pfCompensated: comp?.pfCompensated ?? null,
    };
  });

  const planId = planOfSource(powerFactor.input.pvSource);
  const time = dateTimeText(powerFactor.createTime);
  const noPv = powerFactor.input.months.every((month) => month.pvSelfConsumedKwh === 0);
  const deviceChoice = compensation?.input.device ?? 'auto';
  const sources = new Set(powerFactor.input.months.map((month) => month.chargeBaseAfterSource));
  const estimated = sources.has('billPrice') || sources.has('tariffPrice');
  const noPrice = powerFactor.input.months.some(
    (month) => month.chargeBaseAfterSource === 'unchanged' && month.pvSelfConsumedKwh > 0,
  );

  /** The base after PV of a month, tagged when the server estimated it. */
  const baseAfter = (row: MonthRow) => {
    const month = row.stored;
    const value = figure(month?.chargeBaseAfterYuan ?? month?.chargeBaseBeforeYuan, 'yuan');
    const source = month?.chargeBaseAfterSource;
    if (source !== 'billPrice' && source !== 'tariffPrice') return <span>{value}</span>;
    return (
      <Tooltip
        title={t(`reactivePower.baseAfter.${source}`, {
          price: figure(month?.afterPriceYuanPerKwh, 'yuanPerKwh'),
        })}
      >
        <span data-testid="reactive-month-base-after">{value}</span>{' '}
        <Tag color="blue" data-testid="reactive-base-estimated">
          {t('reactivePower.baseAfter.estimated')}
        </Tag>
      </Tooltip>
    );
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="reactive-results">
      <Typography.Text type="secondary" data-testid="reactive-source">
        {planId !== null
          ? t('reactivePower.source.plan', { time, planId })
          : t('reactivePower.source.entered', { time })}
      </Typography.Text>
      {planId === null || noPv ? (
        <Alert
          type="warning"
          showIcon
          message={t('reactivePower.warning.noPv')}
          data-testid="reactive-no-pv"
        />
      ) : null}
      {planId !== null && currentPlanId !== null && planId !== currentPlanId ? (
        <Alert
          type="info"
          showIcon
          message={t('reactivePower.warning.planChanged')}
          data-testid="reactive-stale"
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid="reactive-pf-before">
            <Statistic
              title={t('reactivePower.card.pfBefore')}
              value={figure(r.pfBeforePeriod, 'periodPf')}
            />
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid="reactive-pf-after">
            <Statistic
              title={t('reactivePower.card.pfAfter')}
              value={figure(r.pfAfterPeriod, 'periodPf')}
              valueStyle={r.pfAfterPeriod < powerFactor.input.standardPf ? { color: '#cf1322' } : undefined}
            />
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid="reactive-adjust-before">
            <Statistic title={t('reactivePower.card.adjustBefore')} value={yuan(r.adjustmentBeforeYuan)} />
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid="reactive-adjust-after">
            <Statistic title={t('reactivePower.card.adjustAfter')} value={yuan(r.adjustmentAfterYuan)} />
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid="reactive-extra-cost">
            <Statistic title={t('reactivePower.card.extraCost')} value={yuan(r.extraCostYuan)} />
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid="reactive-recommended">
            <Statistic
              title={t('reactivePower.card.recommended')}
              value={c ? kvar(c.recommendedKvar) : '-'}
            />
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('reactivePower.card.adjustHint')}</Typography.Text>
      {estimated ? (
        <Typography.Text type="secondary" data-testid="reactive-base-after-note">
          {t('reactivePower.baseAfter.note')}
        </Typography.Text>
      ) : null}
      {noPrice ? (
        <Alert
          type="warning"
          showIcon
          message={t('reactivePower.baseAfter.noPrice')}
          data-testid="reactive-base-after-no-price"
        />
      ) : null}
      <Card size="small" title={t('reactivePower.chart.title')} data-testid="reactive-chart">
        <EChart option={option} style={{ height: 320 }} />
      </Card>
      {c ? (
        <Card size="small" title={t('reactivePower.compensation.title')}>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="reactive-compensation">
            <Descriptions.Item label={t('reactivePower.compensation.targetPf')}>
              {figure(c.targetPf, 'monthPf')}
            </Descriptions.Item>
            <Descriptions.Item label={t('reactivePower.compensation.required')}>
              <span data-testid="reactive-required-kvar">{kvar(c.requiredKvar)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('reactivePower.compensation.withMargin')}>
              {kvar(c.withMarginKvar)}
              {compensation?.input.marginFraction !== undefined
                ? ` (+${percentText(compensation.input.marginFraction, 0)})`
                : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('reactivePower.compensation.recommended')}>
              <span data-testid="reactive-recommended-kvar">{kvar(c.recommendedKvar)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('reactivePower.compensation.modules')}>
              <span data-testid="reactive-modules">
                {modulesText(c.modules, 'kvar') ?? t('reactivePower.compensation.none')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('reactivePower.compensation.device')}>
              <span data-testid="reactive-device">{t(`reactivePower.device.${c.device}`)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('reactivePower.compensation.transformer')}>
              <span data-testid="reactive-transformer-share">
                {c.shareOfTransformer === null
                  ? t('reactivePower.compensation.noTransformer')
                  : t('reactivePower.compensation.share', {
                      share: percentText(c.shareOfTransformer, 1),
                      kva: figure(compensation?.input.transformerKva, 'kva'),
                    })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('reactivePower.compensation.reason')} span={2}>
              {deviceChoice === 'auto'
                ? t(`reactivePower.reason.${c.device}`)
                : t('reactivePower.reason.user', { device: t(`reactivePower.device.${c.device}`) })}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      <Table<MonthRow>
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        data-testid="reactive-months"
        columns={[
          { key: 'label', title: t('reactivePower.column.month'), dataIndex: 'key', fixed: 'left' },
          {
            key: 'activeBefore',
            title: t('reactivePower.column.activeBefore'),
            align: 'right',
            render: (_, row) => figure(row.activeBeforeKwh, 'kwh'),
          },
          {
            key: 'pv',
            title: t('reactivePower.column.pvSelfConsumed'),
            align: 'right',
            render: (_, row) => figure(row.pvSelfConsumedKwh, 'kwh'),
          },
          {
            key: 'activeAfter',
            title: t('reactivePower.column.activeAfter'),
            align: 'right',
            render: (_, row) => figure(row.activeAfterKwh, 'kwh'),
          },
          {
            key: 'reactive',
            title: t('reactivePower.column.reactiveKvarh'),
            align: 'right',
            render: (_, row) => figure(row.reactiveKvarh, 'kvarh'),
          },
          {
            key: 'pfBefore',
            title: t('reactivePower.column.pfBefore'),
            align: 'right',
            render: (_, row) => (
              <span data-testid="reactive-month-pf-before">{figure(row.pfBeforeRounded, 'monthPf')}</span>
            ),
          },
          {
            key: 'pfAfter',
            title: t('reactivePower.column.pfAfter'),
            align: 'right',
            render: (_, row) => (
              <span data-testid="reactive-month-pf-after">{figure(row.pfAfterRounded, 'monthPf')}</span>
            ),
          },
          {
            key: 'pctBefore',
            title: t('reactivePower.column.percentBefore'),
            align: 'right',
            render: (_, row) => adjustmentPercentText(row.adjustmentPercentBefore, language),
          },
          {
            key: 'pctAfter',
            title: t('reactivePower.column.percentAfter'),
            align: 'right',
            render: (_, row) => adjustmentPercentText(row.adjustmentPercentAfter, language),
          },
          {
            key: 'adjustBefore',
            title: t('reactivePower.column.adjustBefore'),
            align: 'right',
            render: (_, row) => figure(row.adjustmentBeforeYuan, 'yuan'),
          },
          {
            key: 'adjustAfter',
            title: t('reactivePower.column.adjustAfter'),
            align: 'right',
            render: (_, row) => figure(row.adjustmentAfterYuan, 'yuan'),
          },
          {
            key: 'baseAfter',
            title: t('reactivePower.column.baseAfter'),
            align: 'right',
            render: (_, row) => baseAfter(row),
          },
          {
            key: 'extra',
            title: t('reactivePower.column.extraCost'),
            align: 'right',
            render: (_, row) => figure(row.extraCostYuan, 'yuan'),
          },
          {
            key: 'requiredKvar',
            title: t('reactivePower.column.requiredKvar'),
            align: 'right',
            render: (_, row) => (
              <span data-testid="reactive-month-kvar">{figure(row.requiredKvar, 'kvar')}</span>
            ),
          },
          {
            key: 'pfCompensated',
            title: t('reactivePower.column.pfCompensated'),
            align: 'right',
            render: (_, row) => figure(row.pfCompensated, 'monthPf'),
          },
        ]}
      />
    </Space>
  );
}
