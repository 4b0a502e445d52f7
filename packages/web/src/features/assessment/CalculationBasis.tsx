import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import { numberText } from './assessmentFormat';
import {
  feedInSourceText,
  loadSourceText,
  type SourcedSummary,
  tariffSourceText,
  weatherText,
} from './sourceText';
import { useUiLanguage } from './storageProducts';

/**
 * What a plan was calculated with, in the UI language: the weather (PV), the load, the prices and
 * TOU periods, the feed-in price (PV) and where each came from.
 */
export function CalculationBasis({ summary }: { readonly summary: ResultSummary }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const sourced = summary as SourcedSummary;
  const feedInSource = sourced.economics.feedInSource;
  const perKwh = (v: number | null) =>
    v === null ? '-' : `${numberText(v, 4)} ${t('assessment.unit.yuanPerKwh')}`;
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      data-testid="assessment-basis"
    >
      {summary.pv ? (
        <Descriptions.Item label={t('assessment.basis.weather')}>
          <span data-testid="assessment-basis-weather">
            {weatherText(t, language, summary.weather.source)}
          </span>
        </Descriptions.Item>
      ) : null}
      {summary.pv && summary.weather.ghiKwhM2 !== null ? (
        <Descriptions.Item label={t('assessment.basis.ghi')}>
          {`${numberText(summary.weather.ghiKwhM2, 0)} ${t('assessment.unit.kwhPerM2')}`}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('assessment.detail.loadSource')}>
        <span data-testid="assessment-basis-load">
          {loadSourceText(t, summary.load.source, sourced.load.label)}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('assessment.detail.annualLoad')}>
        {`${numberText(summary.load.annualKwh, 0)} ${t('assessment.unit.kwh')}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('assessment.detail.tariffSource')}>
        <span data-testid="assessment-basis-tariff">
          {tariffSourceText(t, summary.tariff.source, sourced.tariff.label)}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('assessment.detail.averagePrice')}>
        {perKwh(summary.tariff.averagePriceYuanPerKwh)}
      </Descriptions.Item>
      {summary.pv ? (
        <Descriptions.Item label={t('assessment.detail.feedIn')}>
          {perKwh(summary.economics.feedInYuanPerKwh)}
        </Descriptions.Item>
      ) : null}
      {summary.pv && feedInSource ? (
        <Descriptions.Item label={t('assessment.basis.feedInSource')}>
          <span data-testid="assessment-basis-feed-in">
            {feedInSourceText(
              t,
              language,
              feedInSource,
              sourced.economics.feedInLabel,
              summary.economics.feedInYuanPerKwh,
            )}
          </span>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
