import { PRICE_USER_CATEGORIES, PRICE_VOLTAGE_LEVELS } from '@pvplan/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Cascader,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Row,
  Select,
  Space,
  Steps,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getAreas } from '../../../../api/price';
import {
  getBestDipAngle,
  getJob,
  saveConfigModel,
  saveProject,
  startCalculation,
} from '../../../../api/projects';
import { ASSESSMENT_QUERY_KEY } from '../../../../features/assessment/keys';
import { useFormSubmitGuard, useValidation } from '../../../../utils/validation';
import { cascaderOptions } from '../../priceSearch/priceSearchRules';
import {
  configBodyOf,
  NEW_ASSESSMENT_DEFAULTS,
  type NewAssessmentValues,
  projectBodyOf,
} from './newAssessment';

const POLL_MS = 1000;
const STEP_KEYS = ['project', 'electricity', 'pv', 'economics', 'calculate'] as const;

export interface NewAssessmentDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * The new PV assessment (spec 001 §2 auxiliaryDecision) as steps: project and location →
 * electricity (tariff category and monthly consumption) → PV → economics → calculate with progress,
 * then the result page.
 */
export function NewAssessmentDrawer({ open, onClose }: NewAssessmentDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { numeric } = useValidation();
  const [form] = Form.useForm<NewAssessmentValues>();
  const submit = useFormSubmitGuard(form);
  const [step, setStep] = useState(0);
  const [bestTiltText, setBestTiltText] = useState<string | null>(null);
  const [bestTiltLoading, setBestTiltLoading] = useState(false);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelled = useRef(false);
  const sizing = Form.useWatch('sizing', form);
  const businessModel = Form.useWatch('businessModel', form);

  const areas = useQuery({
    queryKey: ['price', 'areas', 2],
    queryFn: ({ signal }) => getAreas(2, signal),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: open,
  });
  const areaOptions = useMemo(() => cascaderOptions(areas.data ?? []), [areas.data]);

  useEffect(() => {
    cancelled.current = false;
    return () => {
      cancelled.current = true;
    };
  }, []);

  /** Closes the drawer and clears the flow, so the next assessment starts empty. */
  const close = () => {
    form.resetFields();
    setStep(0);
    setProgress(0);
    setFailure(null);
    setBestTiltText(null);
    onClose();
  };

  const required = { required: true, message: t('assessment.field.required') };

  const bestTilt = async () => {
    const latitudeDeg = form.getFieldValue('latitudeDeg') as number | undefined;
    const longitudeDeg = form.getFieldValue('longitudeDeg') as number | undefined;
    if (latitudeDeg === undefined || longitudeDeg === undefined) {
      void message.warning(t('assessment.flow.locationRequired'));
      return;
    }
    setBestTiltLoading(true);
    try {
      const best = await getBestDipAngle({ latitudeDeg, longitudeDeg });
      form.setFieldsValue({ tiltDeg: best.tiltDeg, azimuthDeg: best.azimuthDeg });
      setBestTiltText(
        t('assessment.field.bestTiltDone', {
          tilt: best.tiltDeg,
          azimuth: best.azimuthDeg,
          poa: Math.round(best.poaGlobalKwhM2),
        }),
      );
    } catch {
      // The request layer has shown the message.
    } finally {
      setBestTiltLoading(false);
    }
  };

  const calculate = async () => {
    const values = form.getFieldsValue(true) as NewAssessmentValues;
    setRunning(true);
    setFailure(null);
    setProgress(0);
    try {
      const project = await saveProject(projectBodyOf(values));
      await saveConfigModel({ projId: project.projId, ...configBodyOf(values) });
      const started = await startCalculation('pv', project.projId);
      for (;;) {
        if (cancelled.current) return;
        const job = await getJob(started.jobId);
        setProgress(job.progress);
        if (job.status === 'succeeded') break;
        if (job.status === 'failed') {
          setFailure(t('assessment.flow.failed', { error: job.error ?? '' }));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      await queryClient.invalidateQueries({ queryKey: ASSESSMENT_QUERY_KEY });
      close();
      navigate(
        `/preliminaryStage/distributedPhotovoltaicResult?projId=${encodeURIComponent(project.projId)}&planId=${started.planId}`,
      );
    } catch {
      // The request layer has shown the message; the user may correct and retry.
    } finally {
      setRunning(false);
    }
  };

  const next = () => void submit(() => setStep((current) => Math.min(current + 1, STEP_KEYS.length - 1)));
  const monthInputs = Array.from({ length: 12 }, (_, month) => month);

  return (
    <Drawer
      open={open}
      onClose={running ? undefined : close}
      width={820}
      title={t('assessment.new.title')}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button disabled={step === 0 || running} onClick={() => setStep(step - 1)}>
            {t('assessment.flow.prev')}
          </Button>
          {step < STEP_KEYS.length - 1 ? (
            <Button type="primary" onClick={next} data-testid="assessment-next">
              {t('assessment.flow.next')}
            </Button>
          ) : (
            <Button
              type="primary"
              loading={running}
              onClick={() => void calculate()}
              data-testid="assessment-calculate"
            >
              {t('assessment.flow.calculate')}
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={step}
        items={STEP_KEYS.map((key) => ({ key, title: t(`assessment.step.${key}`) }))}
        style={{ marginBottom: 24 }}
      />
      <Form<NewAssessmentValues> form={form} layout="vertical" initialValues={NEW_ASSESSMENT_DEFAULTS}>
        {step === 0 ? (
          <>
            <Form.Item name="projName" label={t('assessment.field.projName')} rules={[required, { max: 64 }]}>
              <Input maxLength={64} data-testid="assessment-projName" />
            </Form.Item>
            <Form.Item name="customerName" label={t('assessment.field.customerName')} rules={[{ max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="areaPath" label={t('assessment.field.area')} rules={[required]}>
              <Cascader
                options={areaOptions}
                loading={areas.isLoading}
                showSearch
                changeOnSelect={false}
                data-testid="assessment-area"
              />
            </Form.Item>
            <Form.Item name="address" label={t('assessment.field.address')} rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="latitudeDeg" label={t('assessment.field.latitude')} rules={[required]}>
                  <InputNumber
                    min={-66}
                    max={66}
                    style={{ width: '100%' }}
                    data-testid="assessment-latitude"
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="longitudeDeg" label={t('assessment.field.longitude')} rules={[required]}>
                  <InputNumber
                    min={-180}
                    max={180}
                    style={{ width: '100%' }}
                    data-testid="assessment-longitude"
                  />
                </Form.Item>
              </Col>
            </Row>
          </>
        ) : null}
        {step === 1 ? (
          <>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="userCategory" label={t('assessment.field.userCategory')} rules={[required]}>
                  <Select
                    options={PRICE_USER_CATEGORIES.map((value) => ({
                      value,
                      label: t(`pages.priceSearch.category.${value}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="voltageLevel" label={t('assessment.field.voltageLevel')} rules={[required]}>
                  <Select
                    options={PRICE_VOLTAGE_LEVELS.map((value) => ({
                      value,
                      label: t(`pages.priceSearch.voltage.${value}`),
                    }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('assessment.field.monthlyKwh')} required>
              <Row gutter={[12, 0]}>
                {monthInputs.map((month) => (
                  <Col span={6} key={month}>
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
            </Form.Item>
          </>
        ) : null}
        {step === 2 ? (
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
              <Form.Item name="roofAreaM2" label={t('assessment.field.roofAreaM2')} rules={[required]}>
                <InputNumber min={0} max={10_000_000} style={{ width: '100%' }} />
              </Form.Item>
            ) : (
              <Form.Item
                name="capacityKwp"
                label={t('assessment.field.capacityKwp')}
                rules={[required, numeric('positiveBelow10000Dec2')]}
              >
                <InputNumber
                  min={0}
                  max={9999.99}
                  style={{ width: '100%' }}
                  data-testid="assessment-capacity"
                />
              </Form.Item>
            )}
            <Row gutter={12} align="bottom">
              <Col span={9}>
                <Form.Item name="tiltDeg" label={t('assessment.field.tiltDeg')} rules={[required]}>
                  <InputNumber min={0} max={90} style={{ width: '100%' }} data-testid="assessment-tilt" />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item name="azimuthDeg" label={t('assessment.field.azimuthDeg')} rules={[required]}>
                  <InputNumber min={0} max={360} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item>
                  <Button
                    loading={bestTiltLoading}
                    onClick={() => void bestTilt()}
                    data-testid="assessment-best-tilt"
                  >
                    {t('assessment.field.bestTilt')}
                  </Button>
                </Form.Item>
              </Col>
            </Row>
            {bestTiltText ? <Alert type="info" showIcon message={bestTiltText} /> : null}
          </>
        ) : null}
        {step === 3 ? (
          <>
            <Form.Item name="businessModel" label={t('assessment.field.businessModel')}>
              <Radio.Group
                options={[
                  { value: 'selfInvest', label: t('assessment.field.selfInvest') },
                  { value: 'emc', label: t('assessment.field.emc') },
                ]}
              />
            </Form.Item>
            {businessModel === 'emc' ? (
              <Form.Item
                name="hostPricePercent"
                label={t('assessment.field.hostPricePercent')}
                rules={[required, numeric('zeroTo100Dec2')]}
              >
                <InputNumber min={0} max={100} style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item
                  name="pvCapexYuanPerW"
                  label={t('assessment.field.pvCapexYuanPerW')}
                  rules={[required, numeric('zeroTo10Dec4')]}
                >
                  <InputNumber min={0} max={10} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="discountRatePercent"
                  label={t('assessment.field.discountRatePercent')}
                  rules={[required, numeric('zeroTo100Dec2')]}
                >
                  <InputNumber min={0} max={50} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="equityPercent"
                  label={t('assessment.field.equityPercent')}
                  rules={[required, numeric('zeroTo100Dec2')]}
                >
                  <InputNumber min={0} max={100} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="loanRatePercent"
                  label={t('assessment.field.loanRatePercent')}
                  rules={[required, numeric('zeroTo25Dec2')]}
                >
                  <InputNumber min={0} max={25} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="loanTermYears"
                  label={t('assessment.field.loanTermYears')}
                  rules={[required]}
                >
                  <InputNumber min={1} max={30} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </>
        ) : null}
        {step === 4 ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            {running || progress > 0 ? (
              <Progress percent={Math.round(progress)} data-testid="assessment-progress" />
            ) : null}
            {running ? <span>{t('assessment.flow.running')}</span> : null}
            {failure ? <Alert type="error" showIcon message={failure} /> : null}
          </Space>
        ) : null}
      </Form>
    </Drawer>
  );
}
