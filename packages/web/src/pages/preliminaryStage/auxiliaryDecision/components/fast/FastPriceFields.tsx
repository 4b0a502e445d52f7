import { Alert, Col, Collapse, Form, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type TouTable, TouTableEditor, uniformTouTable } from '../../../../../features/tou';
import { useTariffClassOptions } from '../../../priceSearch/hooks';
import { priceAreaName } from '../../../priceSearch/priceSearchRules';
import { useAreaPrice } from '../../hooks';
import { FAST_PRICE_KEYS, type FastEstimateValues, pricesOfRow } from '../fastEstimate';

/**
 * The prices and periods of the quick estimate: the area's agency prices and TOU table for the
 * chosen category and voltage are filled in (and stay editable); an area without them starts flat.
 * A reopened estimate shows its saved prices until the area, category or voltage changes.
 */
export function FastPriceFields({ areaCode }: { readonly areaCode: string | null }) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<FastEstimateValues>();
  const userCategory = Form.useWatch('userCategory', form);
  const voltageLevel = Form.useWatch('voltageLevel', form);
  const touTable = Form.useWatch('touTable', { form, preserve: true }) as TouTable | undefined;
  const pricesSaved = Form.useWatch('pricesSaved', { form, preserve: true }) === true;
  const price = useAreaPrice(areaCode, userCategory, voltageLevel);
  const { categoryOptions, voltageOptions } = useTariffClassOptions();
  const data = price.data;

  // Once per area, category and voltage: coming back to the step keeps what the user edited.
  useEffect(() => {
    if (!data) return;
    const appliedFor = `${data.areaCode}|${userCategory}|${voltageLevel}`;
    if (form.getFieldValue('pricesFor') === appliedFor) return;
    form.setFieldsValue({
      ...pricesOfRow(data.selectedRow),
      touTable: data.tou ? data.tou.rawSlots.map((day) => [...day]) : uniformTouTable(2),
      pricesFor: appliedFor,
      pricesSaved: false,
    } as Partial<FastEstimateValues>);
  }, [data, form, userCategory, voltageLevel]);

  const required = { required: true, message: t('assessment.field.required') };
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="userCategory" label={t('assessment.field.userCategory')} rules={[required]}>
            <Select options={categoryOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="voltageLevel" label={t('assessment.field.voltageLevel')} rules={[required]}>
            <Select options={voltageOptions} />
          </Form.Item>
        </Col>
      </Row>
      {pricesSaved ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('assessmentFlow.fast.pricesSaved')}
          data-testid="fast-prices-saved"
        />
      ) : data ? (
        <Alert
          type={data.selectedRow && data.tou ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          message={
            data.selectedRow && data.tou
              ? t('assessmentFlow.fast.pricesFilled', {
                  area: priceAreaName(data, i18n.language),
                  month: data.priceTable?.month ?? '-',
                })
              : t('assessmentFlow.fast.pricesMissing', { area: priceAreaName(data, i18n.language) })
          }
        />
      ) : null}
      <Row gutter={12}>
        {FAST_PRICE_KEYS.map((key, code) => (
          <Col span={8} key={key}>
            <Form.Item
              name={key}
              label={t('assessmentFlow.fast.price', { period: t(`tou.period.${code}` as 'tou.period.0') })}
              rules={key === 'flat' ? [required] : []}
            >
              <InputNumber
                min={0}
                max={10}
                step={0.01}
                style={{ width: '100%' }}
                data-testid={`fast-price-${key}`}
              />
            </Form.Item>
          </Col>
        ))}
        <Col span={8}>
          <Form.Item name="demandYuanPerKwMonth" label={t('assessmentFlow.fast.demandPrice')}>
            <InputNumber min={0} max={1000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Collapse
        size="small"
        items={[
          {
            key: 'tou',
            label: t('assessmentFlow.fast.touTable'),
            children: (
              <TouTableEditor
                value={touTable ?? uniformTouTable(2)}
                onChange={(next) => form.setFieldValue('touTable', next)}
              />
            ),
          },
        ]}
      />
    </>
  );
}
