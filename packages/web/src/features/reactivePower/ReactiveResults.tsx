import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CompensationAssessment,
  PowerFactorAssessment,
  PowerFactorMonthView,
  StoredReactiveMonth,
} from '../../api/reactivePower';
import { EChart } from '../../components/EChart';
import { numberText, percentText } from '../assessment/assessmentFormat';
import { modulesText, planOfSource, powerFactorChartOption } from './reactiveForm';

export interface ReactiveResultsProps {
  readonly powerFactor: PowerFactorAssessment;
  readonly compensation: CompensationAssessment | null;
  readonly currentPlanId: number | null;
}

/** A PF as billed (2 decimals) or over the period (3 decimals). */
const pfText = (pf: number | null | undefined, digits: number) =>
  pf === null || pf === undefined || !Number.isFinite(pf) ? '-' : pf.toFixed(digits);
/** An adjustment percent with its sign: + charged, − credited. */
const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;

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
  const { t } = useTranslation();
  const r = powerFactor.result;
  const c = compensation?.result ?? null;
  const yuan = (value: number | null | undefined) =>
    t('reactivePower.value.yuan', { value: numberText(value, 2) ?? '-' });
  const kvar = (value: number | null | undefined) =>
    t('reactivePower.value.kvar', { value: numberText(value, 1) ?? '-' });
  const kwh = (value: number | null | undefined) => numberText(value, 0) ?? '-';

  const option = useMemo(
    () =>
      powerFactorChartOption(powerFactor, compensation, {
        before: t('reactivePower.chart.before'),
        after: t('reactivePower.chart.after'),
        compensated: t('reactivePower.chart.compensated'),
        standard: t('reactivePower.chart.standard'),
      }),
    [powerFactor, compensation, t],
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
  const time = dayjs(powerFactor.createTime).format('YYYY-MM-DD HH:mm');
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
    const value = numberText(month?.chargeBaseAfterYuan ?? month?.chargeBaseBeforeYuan, 2) ?? '-';
    const source = month?.chargeBaseAfterSource;
    if (source !== 'billPrice' && source !== 'tariffPrice') return <span>{value}</span>;
    return (
      <Tooltip
        title={t(`reactivePower.baseAfter.${source}`, {
          price: numberText(month?.afterPriceYuanPerKwh, 4) ?? '-',
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
            <Statistic title={t('reactivePower.card.pfBefore')} value={pfText(r.pfBeforePeriod, 3)} />
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid="reactive-pf-after">
            <Statistic
              title={t('reactivePower.card.pfAfter')}
              value={pfText(r.pfAfterPeriod, 3)}
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
              {pfText(c.targetPf, 2)}
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
                      kva: numberText(compensation?.input.transformerKva, 0),
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
            render: (_, row) => kwh(row.activeBeforeKwh),
          },
          {
            key: 'pv',
            title: t('reactivePower.column.pvSelfConsumed'),
            align: 'right',
            render: (_, row) => kwh(row.pvSelfConsumedKwh),
          },
          {
            key: 'activeAfter',
            title: t('reactivePower.column.activeAfter'),
            align: 'right',
            render: (_, row) => kwh(row.activeAfterKwh),
          },
          {
            key: 'reactive',
            title: t('reactivePower.column.reactiveKvarh'),
            align: 'right',
            render: (_, row) => kwh(row.reactiveKvarh),
          },
          {
            key: 'pfBefore',
            title: t('reactivePower.column.pfBefore'),
            align: 'right',
            render: (_, row) => (
              <span data-testid="reactive-month-pf-before">{pfText(row.pfBeforeRounded, 2)}</span>
            ),
          },
          {
            key: 'pfAfter',
            title: t('reactivePower.column.pfAfter'),
            align: 'right',
            render: (_, row) => (
              <span data-testid="reactive-month-pf-after">{pfText(row.pfAfterRounded, 2)}</span>
            ),
          },
          {
            key: 'pctBefore',
            title: t('reactivePower.column.percentBefore'),
            align: 'right',
            render: (_, row) => signedPercent(row.adjustmentPercentBefore),
          },
          {
            key: 'pctAfter',
            title: t('reactivePower.column.percentAfter'),
            align: 'right',
            render: (_, row) => signedPercent(row.adjustmentPercentAfter),
          },
          {
            key: 'adjustBefore',
            title: t('reactivePower.column.adjustBefore'),
            align: 'right',
            render: (_, row) => numberText(row.adjustmentBeforeYuan, 2),
          },
          {
            key: 'adjustAfter',
            title: t('reactivePower.column.adjustAfter'),
            align: 'right',
            render: (_, row) => numberText(row.adjustmentAfterYuan, 2),
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
            render: (_, row) => numberText(row.extraCostYuan, 2),
          },
          {
            key: 'requiredKvar',
            title: t('reactivePower.column.requiredKvar'),
            align: 'right',
            render: (_, row) => (
              <span data-testid="reactive-month-kvar">{numberText(row.requiredKvar, 1) ?? '-'}</span>
            ),
          },
          {
            key: 'pfCompensated',
            title: t('reactivePower.column.pfCompensated'),
            align: 'right',
            render: (_, row) => pfText(row.pfCompensated, 3),
          },
        ]}
      />
    </Space>
  );
}
