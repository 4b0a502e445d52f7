import { LOAD_FILL_METHODS, type LoadFillRule } from '@pvplan/contract';
import { Button, Checkbox, Col, Form, InputNumber, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface FillRuleFormProps {
  readonly value: LoadFillRule;
  readonly saving?: boolean;
  readonly onSave: (rule: LoadFillRule) => void;
}

/** The fill rule (selectFillRule / updateFillRule): method, spikes, negatives, repeats, working days. */
export function FillRuleForm({ value, saving = false, onSave }: FillRuleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoadFillRule>();
  useEffect(() => form.setFieldsValue(value), [form, value]);
  const weekdays = [1, 2, 3, 4, 5, 6, 0].map((d) => ({
    value: d,
    label: t(`load.weekday.${d}` as 'load.weekday.0'),
  }));
  return (
    <Form form={form} layout="vertical" initialValues={value} onFinish={(v) => onSave({ ...value, ...v })}>
      {/* Two columns on a laptop: the rule reads at a glance instead of down a long page. */}
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="method" label={t('load.fill.method')}>
            <Radio.Group
              options={LOAD_FILL_METHODS.map((m) => ({
                value: m,
                label: t(`load.fill.method.${m}` as 'load.fill.method.linear'),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="outliers" label={t('load.fill.outliers')}>
            <Radio.Group
              options={(['fill', 'keep'] as const).map((o) => ({
                value: o,
                label: t(`load.fill.outliers.${o}` as const),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="outlierFactor" label={t('load.fill.outlierFactor')}>
            <InputNumber min={0.5} max={100} step={0.5} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="maxValidKw" label={t('load.fill.maxValidKw')}>
            <InputNumber min={0} style={{ width: 200 }} addonAfter="kW" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="negatives" label={t('load.fill.negatives')}>
            <Radio.Group
              options={(['fill', 'zero', 'keep'] as const).map((o) => ({
                value: o,
                label: t(`load.fill.negatives.${o}` as const),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="duplicates" label={t('load.fill.duplicates')}>
            <Select
              style={{ width: 200 }}
              options={(['first', 'last', 'mean'] as const).map((o) => ({
                value: o,
                label: t(`load.fill.duplicates.${o}` as const),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="workingWeekdays" label={t('load.fill.workingWeekdays')}>
            <Checkbox.Group options={weekdays} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('load.fill.save')}
      </Button>
    </Form>
  );
}
