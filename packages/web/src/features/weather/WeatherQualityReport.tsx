import type {
  WeatherCorrectionRecordView,
  WeatherCorrections,
  WeatherDatasetView,
  WeatherFindingView,
} from '@pvplan/contract';
import { App, Button, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApplyWeatherCorrections } from './hooks';
import {
  appliedCorrectionPhrase,
  correctionPhrases,
  findingPhrase,
  formatNumber,
  formatPercent,
  mergedSuggestedCorrection,
  SEVERITY_COLORS,
  sortedFindings,
} from './weatherText';

export interface WeatherQualityReportProps {
  /** The findings to show (a dataset's report, or an online source's). */
  readonly findings: readonly WeatherFindingView[];
  /** Statistics behind the findings, when known. */
  readonly timing?: WeatherDatasetView['quality']['timing'];
  readonly closure?: WeatherDatasetView['quality']['closure'];
  /** Corrections already applied to the series shown. */
  readonly appliedCorrections?: readonly WeatherCorrectionRecordView[];
  /** The uploaded dataset: corrections can be applied only to one. */
  readonly datasetId?: number;
  /** Called with the corrected copy after "Apply correction". */
  readonly onCorrected?: (corrected: WeatherDatasetView) => void;
}

interface Row {
  readonly key: number;
  readonly finding: WeatherFindingView;
}

/**
 * The data-quality findings of a weather series as a table (severity tag, the finding in the user's
 * language, the suggested correction with an "Apply correction" button), plus "apply all".
 */
export function WeatherQualityReport(props: WeatherQualityReportProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const apply = useApplyWeatherCorrections();
  const canApply = props.datasetId !== undefined;

  const run = (corrections: WeatherCorrections) => {
    if (props.datasetId === undefined) return;
    apply.mutate(
      { id: props.datasetId, corrections },
      {
        onSuccess: (corrected) => {
          void message.success(t('weather.quality.applied'));
          props.onCorrected?.(corrected);
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };

  const say = (finding: WeatherFindingView) => {
    const phrase = findingPhrase(finding);
    const field = phrase.fields.map((key) => t(key)).join(t('weather.listSeparator'));
    return t(phrase.key, { ...phrase.params, field });
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('weather.quality.column.severity'),
      dataIndex: 'finding',
      width: 96,
      render: (finding: WeatherFindingView) => (
        <Tag color={SEVERITY_COLORS[finding.severity]}>
          {t(`weather.quality.severity.${finding.severity}`)}
        </Tag>
      ),
    },
    {
      title: t('weather.quality.column.finding'),
      dataIndex: 'finding',
      render: (finding: WeatherFindingView) => say(finding),
    },
    {
      title: t('weather.quality.column.correction'),
      dataIndex: 'finding',
      width: 300,
      render: (finding: WeatherFindingView) => {
        const phrases = correctionPhrases(finding.suggestedCorrection);
        if (phrases.length === 0) return t('weather.quality.noCorrection');
        return (
          <Space direction="vertical" size={4}>
            {phrases.map((p) => (
              <span key={p.key}>{t(p.key, p.params)}</span>
            ))}
            {canApply && finding.suggestedCorrection ? (
              <Button
                size="small"
                type="primary"
                ghost
                loading={apply.isPending}
                onClick={() => finding.suggestedCorrection && run(finding.suggestedCorrection)}
              >
                {t('weather.quality.apply')}
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const rows: Row[] = sortedFindings(props.findings).map((finding, key) => ({ key, finding }));
  const merged = mergedSuggestedCorrection({
    findings: props.findings,
    closure: null,
    timing: null,
    gaps: [],
  });
  const applied = props.appliedCorrections ?? [];

  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong>{t('weather.quality.title')}</Typography.Text>
        {canApply && merged && rows.filter((r) => r.finding.suggestedCorrection).length > 1 ? (
          <Button size="small" type="primary" loading={apply.isPending} onClick={() => run(merged)}>
            {t('weather.quality.applyAll')}
          </Button>
        ) : null}
      </Space>
      {props.timing?.estimatedShiftMinutes !== undefined && props.timing?.estimatedShiftMinutes !== null ? (
        <Typography.Text type="secondary">
          {t('weather.quality.timing', {
            minutes: formatNumber(props.timing.estimatedShiftMinutes, 1),
            days: props.timing.daysUsed,
          })}
        </Typography.Text>
      ) : null}
      {props.closure ? (
        <Typography.Text type="secondary">
          {t('weather.quality.closure', {
            ratio: formatNumber(props.closure.sumRatio, 3),
            share: formatPercent(props.closure.shareOutsideBsrnLimits),
          })}
        </Typography.Text>
      ) : null}
      {applied.length > 0 ? (
        <Typography.Text type="secondary">
          {t('weather.quality.appliedCorrections', {
            list: applied
              .map((record) => {
                const phrase = appliedCorrectionPhrase(record);
                return t(phrase.key, phrase.params);
              })
              .join(t('weather.listSeparator')),
          })}
        </Typography.Text>
      ) : null}
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('weather.quality.none')} />
      ) : (
        <Table<Row> size="small" columns={columns} dataSource={rows} pagination={false} />
      )}
    </Space>
  );
}
