import { LOAD_INDUSTRY_PROFILES } from '@pvplan/contract';
import { Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { meanLoadKwOfMonths, type NewAssessmentValues } from '../newAssessment';

const MONTHS = Array.from({ length: 12 }, (_, month) => month);

/** Twelve monthly consumptions, kWh (the load without a meter file or bills), and their mean load. */
export function MonthlyLoadInputs() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const months = Form.useWatch('monthlyKwh', form) ?? [];
  const meanKw = meanLoadKwOfMonths(months);
  const required = { required: true, message: t('assessment.field.required') };
  return (
    <>
      <Form.Item
        name="loadProfile"
        label={t('assessmentFlow.load.profile')}
        extra={t('assessmentFlow.load.profileHint')}
      >
        <Select
          style={{ maxWidth: 320 }}
          options={[
            ...LOAD_INDUSTRY_PROFILES.map((value) => ({
              value,
              label: t(`load.synthetic.industry.${value}` as 'load.synthetic.industry.office'),
            })),
            { value: 'flat', label: t('assessmentFlow.load.profile.flat') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('assessment.field.monthlyKwh')} required>
        <Row gutter={[12, 0]}>
          {MONTHS.map((month) => (
            <Col xs={12} sm={6} key={month}>
              <Form.Item
                name={['monthlyKwh', month]}
                label={t('assessment.field.month', { month: month + 1 })}
                rules={[required]}
              >
                <InputNumber
                  min={0}
                  max={1e11}
                  style={{ width: '100%' }}
                  data-testid={`assessment-month-${month + 1}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {meanKw !== null ? (
          <Typography.Text type="secondary">
            {t('assessmentFlow.load.monthlySummary', {
              total: Math.round(months.reduce<number>((sum, kwh) => sum + (kwh ?? 0), 0)).toLocaleString(),
              meanKw: Math.round(meanKw).toLocaleString(),
            })}
          </Typography.Text>
        ) : null}
      </Form.Item>
    </>
  );
}
