import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NewAssessmentValues } from '../newAssessment';

/** Hours in the year the constant load is counted over (the engine's 8,760-hour year). */
const HOURS_PER_YEAR = 8760;

/**
 * A constant site load, kW, the same every hour of the year (load config `source: 'constant'`):
 * the load of a project saved through the API with an average load, or typed when only the
 * average demand is known.
 */
export function ConstantLoadInput() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const averageLoadKw = Form.useWatch('averageLoadKw', form);
  const required = { required: true, message: t('assessment.field.required') };
  const positive = {
    validator: (_: unknown, value: number | null | undefined) =>
      value === null || value === undefined || value > 0
        ? Promise.resolve()
        : Promise.reject(new Error(t('assessmentFlow.load.constant.positive'))),
  };
  return (
    <Form.Item
      label={t('assessmentFlow.load.constant.averageKw')}
      required
      extra={
        <span data-testid="flow-load-constant-summary">
          {typeof averageLoadKw === 'number' && averageLoadKw > 0
            ? t('assessmentFlow.load.constant.summary', {
                total: Math.round(averageLoadKw * HOURS_PER_YEAR).toLocaleString(),
                meanKw: averageLoadKw.toLocaleString(),
              })
            : t('assessmentFlow.load.constant.hint')}
        </span>
      }
    >
      <Form.Item name="averageLoadKw" noStyle rules={[required, positive]}>
        <InputNumber
          min={0}
          max={1_000_000}
          addonAfter="kW"
          style={{ maxWidth: 240 }}
          data-testid="flow-load-average-kw"
        />
      </Form.Item>
    </Form.Item>
  );
}
