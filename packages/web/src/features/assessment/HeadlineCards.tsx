import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import type { MessageKey } from '../../locales/resources';
import { numberText, percentText } from './assessmentFormat';

export interface HeadlineCardsProps {
  readonly summary: ResultSummary;
}

interface CardSpec {
  readonly key: string;
  readonly title: string;
  readonly value: string;
  readonly suffix?: string | undefined;
}

/** The headline figures of a plan, exactly as the server stored them (PV and storage parts as present). */
export function HeadlineCards({ summary }: HeadlineCardsProps) {
  const { t } = useTranslation();
  const none = t('assessment.card.none');
  const headline = summary.headline;
  const indicators = summary.economics.indicators;
  const unit = (value: number | null | undefined, key: MessageKey): string | undefined =>
    value === null || value === undefined ? undefined : t(key);
  const cards: CardSpec[] = [];
  if (summary.pv) {
    cards.push(
      {
        key: 'capacity',
        title: t('assessment.card.capacity'),
        value: numberText(headline.pvCapacityKwp) ?? none,
        suffix: t('assessment.unit.kwp'),
      },
      {
        key: 'generation',
        title: t('assessment.card.firstYearGeneration'),
        value: numberText(headline.firstYearGenerationKwh, 0) ?? none,
        suffix: t('assessment.unit.kwh'),
      },
      {
        key: 'selfConsumption',
        title: t('assessment.card.selfConsumption'),
        value: percentText(headline.selfConsumptionFraction) ?? none,
      },
    );
  }
  if (summary.storage) {
    cards.push({
      key: 'storage',
      title: t('assessment.card.storage'),
      value: `${numberText(summary.storage.powerKw, 0)} ${t('assessment.unit.kw')} / ${numberText(summary.storage.energyKwh, 0)}`,
      suffix: t('assessment.unit.kwh'),
    });
  }
  cards.push(
    {
      key: 'income',
      title: t('assessment.card.annualIncome'),
      value: numberText(headline.annualIncomeYuan, 0) ?? none,
      suffix: t('assessment.unit.yuan'),
    },
    { key: 'irr', title: t('assessment.card.irr'), value: percentText(headline.projectIrrAfterTax) ?? none },
    {
      key: 'payback',
      title: t('assessment.card.payback'),
      // Null: the cumulative cash flow never turns positive within the project life.
      value: numberText(headline.staticPaybackYears) ?? t('assessment.card.paybackNotReached'),
      suffix: unit(headline.staticPaybackYears, 'assessment.unit.years'),
    },
  );
  if (summary.pv) {
    cards.push({
      key: 'lcoe',
      title: t('assessment.card.lcoe'),
      value: numberText(headline.lcoeYuanPerKwh, 4) ?? none,
      suffix: unit(headline.lcoeYuanPerKwh, 'assessment.unit.yuanPerKwh'),
    });
  }
  if (summary.storage) {
    cards.push({
      key: 'lcos',
      title: t('assessment.card.lcos'),
      value: numberText(indicators.lcosYuanPerKwh, 4) ?? none,
      suffix: unit(indicators.lcosYuanPerKwh, 'assessment.unit.yuanPerKwh'),
    });
  }
  // Equal cells that fill the row: a last, shorter row keeps the cell width instead of stretching
  // one card across the page; two cells a row on a phone.
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, calc(50% - 6px)), 1fr))',
        gap: 12,
      }}
    >
      {cards.map((card) => (
        <Card
          key={card.key}
          size="small"
          style={{ height: '100%' }}
          data-testid={`assessment-card-${card.key}`}
        >
          <Statistic
            title={card.title}
            value={card.value}
            suffix={card.suffix}
            valueStyle={{ fontSize: 'clamp(16px, 4.4vw, 20px)' }}
          />
        </Card>
      ))}
    </div>
  );
}
