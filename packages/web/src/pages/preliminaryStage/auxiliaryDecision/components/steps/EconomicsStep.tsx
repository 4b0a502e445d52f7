import { Col, Divider, Form, InputNumber, Radio, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useValidation } from '../../../../../utils/validation';
import type { FlowVariant, NewAssessmentValues } from '../newAssessment';
import { QuotationAction } from '../quotation/QuotationAction';

/**
 * Economics: business model (self-investment or EMC with the host's discount and the storage
 * profit share), grid connection of PV, investment per W / per Wh, life, discount rate, financing
 * and the income-tax holiday (三免三减半).
 */
export interface EconomicsStepProps {
  readonly variant: FlowVariant;
  /** The project (the quotation calls carry it). */
  readonly projId: string | null;
  /** The storage energy the flow will send, kWh (custom or recommended); null when not known yet. */
  readonly storageEnergyKwh: number | null;
}

export function EconomicsStep({ variant, projId, storageEnergyKwh }: EconomicsStepProps) {
  const { t } = useTranslation();
  const { numeric } = useValidation();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const businessModel = Form.useWatch('businessModel', form);
  const equity = Form.useWatch('equityPercent', form) as number | undefined;
  const hasPv = variant !== 'es';
  const hasStorage = variant !== 'pv';
  const emc = businessModel === 'emc';
  const required = { required: true, message: t('assessment.field.required') };
  const noLoan = equity === 100;
  const sizing = Form.useWatch('sizing', { form, preserve: true });
  const capacityKwp = Form.useWatch('capacityKwp', { form, preserve: true });
  const pvSizeKw = sizing === 'capacity' && typeof capacityKwp === 'number' ? capacityKwp : null;
  return (
    <>
      <Form.Item name="businessModel" label={t('assessment.field.businessModel')}>
        <Radio.Group
          options={[
            { value: 'selfInvest', label: t('assessment.field.selfInvest') },
            { value: 'emc', label: t('assessment.field.emc') },
          ]}
        />
      </Form.Item>
      <Row gutter={12}>
        {emc && hasPv ? (
          <Col xs={24} sm={12}>
            <Form.Item
              name="hostPricePercent"
              label={t('assessment.field.hostPricePercent')}
              extra={t('assessmentFlow.economics.hostPriceHint')}
              rules={[required, numeric('zeroTo100Dec2')]}
            >
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : null}
        {emc && hasStorage ? (
          <Col xs={24} sm={12}>
            <Form.Item
              name="storageSharePercent"
              label={t('assessmentFlow.economics.storageSharePercent')}
              rules={[required, numeric('zeroTo100Dec2')]}
            >
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      {variant === 'pv' ? (
        <Form.Item name="connectionMode" label={t('assessmentFlow.economics.connectionMode')}>
          <Radio.Group
            options={(['surplusFeedIn', 'fullFeedIn'] as const).map((value) => ({
              value,
              label: t(`assessmentFlow.pves.settlement.${value}`),
            }))}
          />
        </Form.Item>
      ) : null}
      <Row gutter={12}>
        {hasPv ? (
          <Col xs={24} sm={8}>
            <Form.Item
              name="pvCapexYuanPerW"
              label={t('assessment.field.pvCapexYuanPerW')}
              rules={[required, numeric('zeroTo10Dec4')]}
              extra={<QuotationAction kind="pv" projId={projId} sizeKw={pvSizeKw} />}
            >
              <InputNumber min={0} max={10} style={{ width: '100%' }} data-testid="flow-pv-capex" />
            </Form.Item>
          </Col>
        ) : null}
        {hasStorage ? (
          <Col xs={24} sm={8}>
            <Form.Item
              name="esCapexYuanPerWh"
              label={t('assessmentFlow.economics.esCapexYuanPerWh')}
              rules={[required, numeric('zeroTo10Dec4')]}
              extra={<QuotationAction kind="es" projId={projId} sizeKw={storageEnergyKwh} />}
            >
              <InputNumber min={0} max={10} style={{ width: '100%' }} data-testid="flow-es-capex" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} sm={8}>
          <Form.Item name="lifeYears" label={t('assessmentFlow.economics.lifeYears')} rules={[required]}>
            <InputNumber min={1} max={40} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider orientation="left" plain>
        {t('assessmentFlow.economics.financing')}
      </Divider>
      <Row gutter={12}>
        <Col xs={12} sm={6}>
          <Form.Item
            name="discountRatePercent"
            label={t('assessment.field.discountRatePercent')}
            rules={[required, numeric('zeroTo100Dec2')]}
          >
            <InputNumber min={0} max={50} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="equityPercent"
            label={t('assessment.field.equityPercent')}
            rules={[required, numeric('zeroTo100Dec2')]}
          >
            <InputNumber min={0} max={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="loanRatePercent"
            label={t('assessment.field.loanRatePercent')}
            rules={[required, numeric('zeroTo25Dec2')]}
          >
            <InputNumber min={0} max={25} disabled={noLoan} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="loanTermYears" label={t('assessment.field.loanTermYears')} rules={[required]}>
            <InputNumber min={1} max={30} precision={0} disabled={noLoan} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {noLoan ? (
        // Why the loan fields are greyed out.
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t('assessmentFlow.economics.noLoanHint')}
        </Typography.Paragraph>
      ) : null}
      <Form.Item
        name="incomeTaxHoliday"
        label={t('assessmentFlow.economics.incomeTaxHoliday')}
        valuePropName="checked"
        extra={t('assessmentFlow.economics.incomeTaxHolidayHint')}
      >
        <Switch />
      </Form.Item>
    </>
  );
}
