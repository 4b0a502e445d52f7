import { Cascader, Col, Form, type FormInstance, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCityPosition } from '../../../../../api/price';
import { useAreaOptions } from '../../../priceSearch/hooks';
import { AddressSearch } from './AddressSearch';

interface PositionValues {
  latitudeDeg?: number;
  longitudeDeg?: number;
}

/**
 * Fills the position from the chosen city (AMap's point, or the city's seat from the local division
 * centres) when the user has not typed one, before or while the answer was on its way (the call is
 * silent about a missing point: the user types it).
 */
export async function fillPositionOfCity(form: FormInstance, path: readonly string[] | undefined) {
  const adcode = path?.[path.length - 1];
  if (!adcode) return;
  const typed = () => {
    const current = form.getFieldsValue(['latitudeDeg', 'longitudeDeg']) as PositionValues;
    return current.latitudeDeg !== undefined && current.latitudeDeg !== null;
  };
  if (typed()) return;
  try {
    const position = await getCityPosition({ adcode });
    // A position the user typed while the answer was on its way is kept.
    if (!typed() && position.latitude !== null && position.longitude !== null) {
      form.setFieldsValue({
        latitudeDeg: Math.round(position.latitude * 1e4) / 1e4,
        longitudeDeg: Math.round(position.longitude * 1e4) / 1e4,
      });
    }
  } catch {
    // The request layer has shown the message; the user types the position.
  }
}

export interface ProjectStepProps {
  readonly form: FormInstance;
  /** Fields of the project's type: the quick estimate leaves out customer and address. */
  readonly short?: boolean;
}

/** Project name, customer, the address search, city (the tariff area) and the site's position. */
export function ProjectStep({ form, short = false }: ProjectStepProps) {
  const { t } = useTranslation();
  const areas = useAreaOptions();
  const required = { required: true, message: t('assessment.field.required') };
  return (
    <>
      <Form.Item name="projName" label={t('assessment.field.projName')} rules={[required, { max: 64 }]}>
        <Input maxLength={64} data-testid="assessment-projName" />
      </Form.Item>
      {short ? null : (
        <Form.Item name="customerName" label={t('assessment.field.customerName')} rules={[{ max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
      )}
      <AddressSearch form={form} short={short} />
      <Form.Item
        name="areaPath"
        label={t('assessment.field.area')}
        rules={[required]}
        extra={t('assessmentFlow.project.areaHint')}
      >
        <Cascader
          options={areas.options}
          loading={areas.loading}
          showSearch
          changeOnSelect={false}
          onChange={(path) => void fillPositionOfCity(form, path as string[] | undefined)}
          data-testid="assessment-area"
        />
      </Form.Item>
      {short ? null : (
        <Form.Item name="address" label={t('assessment.field.address')} rules={[{ max: 200 }]}>
          <Input maxLength={200} data-testid="assessment-address" />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="latitudeDeg" label={t('assessment.field.latitude')} rules={[required]}>
            <InputNumber min={-66} max={66} style={{ width: '100%' }} data-testid="assessment-latitude" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="longitudeDeg" label={t('assessment.field.longitude')} rules={[required]}>
            <InputNumber min={-180} max={180} style={{ width: '100%' }} data-testid="assessment-longitude" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('assessmentFlow.project.positionHint')}</Typography.Text>
    </>
  );
}
