import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlanSummary } from '../../api/projects';
import { numberText, percentText } from './assessmentFormat';

export interface HeadlineCardsProps {
  readonly headline: PlanSummary['headline'];
}

/** The headline figures of a plan, exactly as the server stored them. */
export function HeadlineCards({ headline }: HeadlineCardsProps) {
  const { t } = useTranslation();
  const none = t('assessment.card.none');
  const cards: { key: string; title: string; value: string; suffix?: string }[] = [
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
      value: numberText(headline.staticPaybackYears) ?? none,
      suffix: headline.staticPaybackYears === null ? undefined : t('assessment.unit.years'),
    },
    {
      key: 'lcoe',
      title: t('assessment.card.lcoe'),
      value: numberText(headline.lcoeYuanPerKwh, 4) ?? none,
      suffix: headline.lcoeYuanPerKwh === null ? undefined : t('assessment.unit.yuanPerKwh'),
    },
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={6} xxl={3}>
          <Card size="small" data-testid={`assessment-card-${card.key}`}>
            <Statistic title={card.title} value={card.value} suffix={card.suffix} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
