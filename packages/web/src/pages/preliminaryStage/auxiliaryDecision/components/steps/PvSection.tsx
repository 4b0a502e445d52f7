import { Alert, Button, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBestDipAngle } from '../../../../../api/projects';
import { useValidation } from '../../../../../utils/validation';
import { type NewAssessmentValues, ROOF_TYPES } from '../newAssessment';

/** PV: capacity or installable roof area, tilt and azimuth (with the best tilt of the site), module. */
export function PvSection({ projId }: { readonly projId: string }) {
  const { t } = useTranslation();
  const { numeric } = useValidation();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const sizing = Form.useWatch('sizing', form);
  const [bestText, setBestText] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const required = { required: true, message: t('assessment.field.required') };

  const bestTilt = async () => {
    const latitudeDeg = form.getFieldValue('latitudeDeg') as number | undefined;
    const longitudeDeg = form.getFieldValue('longitudeDeg') as number | undefined;
    setLoading(true);
    try {
      const best = await getBestDipAngle({ projId, latitudeDeg, longitudeDeg });
      form.setFieldsValue({ tiltDeg: best.tiltDeg, azimuthDeg: best.azimuthDeg });
      setBestText(
        t('assessment.field.bestTiltDone', {
          tilt: best.tiltDeg,
          azimuth: best.azimuthDeg,
          poa: Math.round(best.poaGlobalKwhM2),
        }),
      );
    } catch {
      // The request layer has shown the message.
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Form.Item name="sizing" label={t('assessment.field.sizing')}>
        <Radio.Group
          options={[
            { value: 'capacity', label: t('assessment.field.sizingCapacity') },
            { value: 'roof', label: t('assessment.field.sizingRoof') },
          ]}
        />
      </Form.Item>
      {sizing === 'roof' ? (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="roofAreaM2" label={t('assessment.field.roofAreaM2')} rules={[required]}>
              <InputNumber min={0} max={10_000_000} style={{ width: '100%' }} data-testid="flow-roof-area" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="roofType"
              label={t('assessmentFlow.pv.roofType')}
              extra={t('assessmentFlow.pv.roofTypeHint')}
            >
              <Select
                options={ROOF_TYPES.map((value) => ({
                  value,
                  label: t(`assessmentFlow.pv.roofType.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Form.Item
          name="capacityKwp"
          label={t('assessment.field.capacityKwp')}
          rules={[required, numeric('positiveBelow10000Dec2')]}
        >
          <InputNumber min={0} max={9999.99} style={{ width: '100%' }} data-testid="assessment-capacity" />
        </Form.Item>
      )}
      <Row gutter={12} align="bottom">
        <Col xs={12} sm={9}>
          <Form.Item name="tiltDeg" label={t('assessment.field.tiltDeg')} rules={[required]}>
            <InputNumber min={0} max={90} style={{ width: '100%' }} data-testid="assessment-tilt" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={9}>
          <Form.Item name="azimuthDeg" label={t('assessment.field.azimuthDeg')} rules={[required]}>
            <InputNumber min={0} max={360} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item>
            <Button loading={loading} onClick={() => void bestTilt()} data-testid="assessment-best-tilt">
              {t('assessment.field.bestTilt')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
      {bestText ? <Alert type="info" showIcon message={bestText} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="moduleName" label={t('assessmentFlow.pv.moduleName')} rules={[{ max: 64 }]}>
            <Input maxLength={64} placeholder={t('assessmentFlow.pv.moduleNamePlaceholder')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="modulePowerW" label={t('assessmentFlow.pv.modulePowerW')}>
            <InputNumber min={1} max={2000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
