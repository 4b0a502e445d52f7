import { App, Col, Divider, Form, InputNumber, Radio, Row, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fastSavePrice, fastStartCalculation, modifyProject, saveProject } from '../../../../../api/projects';
import { useFormSubmitGuard, useValidation } from '../../../../../utils/validation';
import { useCalculationRunner } from '../../hooks';
import { resultPathOf } from '../../resultPath';
import { FlowFooter } from '../FlowFooter';
import {
  FAST_ESTIMATE_DEFAULTS,
  FAST_LOAD_INPUTS,
  type FastEstimateValues,
  fastCalculationBodyOf,
  fastMeanLoadKw,
  fastPriceBodyOf,
  fastProjectBodyOf,
  missingPeriodPrices,
} from '../fastEstimate';
import { storageSummaryOf } from '../flowSummary';
import { projectChangesOf } from '../newAssessment';
import { CalculateStep } from '../steps/CalculateStep';
import { MonthlyLoadInputs } from '../steps/MonthlyLoadInputs';
import { ProjectStep } from '../steps/ProjectStep';
import { StorageSection } from '../steps/StorageSection';
import { storageSizeOf, useStorageRecommendation } from '../storageSizing';
import { FastPriceFields } from './FastPriceFields';

const STEPS = ['basics', 'storage', 'calculate'] as const;

export interface FastEstimateFlowProps {
  /**
   * A saved quick estimate opened again (?projId=…): the form starts on its values and saves to it;
   * a calculation makes a new plan version of it.
   */
  readonly reopened?: { readonly projId: string; readonly values: Partial<FastEstimateValues> };
  readonly onCreated: (projId: string) => void;
  readonly onDone: (path: string) => void;
}

/**
 * The quick storage estimate (spec 001 §7 "Fast estimate"), kept short: site and prices (the
 * area's, editable) → average load and storage → calculate (fast/savePrice, fast/startCalculation,
 * the job's progress), then the storage result page. A reopened estimate starts on its saved
 * project, prices, periods, load and storage and is saved in place; each calculation is a new plan
 * version of it.
 */
export function FastEstimateFlow({ reopened, onCreated, onDone }: FastEstimateFlowProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { numeric } = useValidation();
  const [form] = Form.useForm<FastEstimateValues>();
  const submit = useFormSubmitGuard(form);
  const [step, setStep] = useState(0);
  const [projId, setProjId] = useState<string | null>(reopened?.projId ?? null);
  const runner = useCalculationRunner();
  const key = STEPS[step] ?? 'basics';
  const watch = { form, preserve: true } as const;
  const areaPath = Form.useWatch('areaPath', watch);
  const loadInput =
    (Form.useWatch('loadInput', watch) as FastEstimateValues['loadInput'] | undefined) ?? 'average';
  const averageLoadKw = Form.useWatch('averageLoadKw', watch) as number | undefined;
  const monthlyKwh = Form.useWatch('monthlyKwh', watch) as FastEstimateValues['monthlyKwh'];
  const recommendation = useStorageRecommendation(fastMeanLoadKw({ loadInput, averageLoadKw, monthlyKwh }));
  const values = () => form.getFieldsValue(true) as FastEstimateValues;
  const required = { required: true, message: t('assessment.field.required') };

  const next = () =>
    void submit(() => {
      if (key === 'basics') {
        const missing = missingPeriodPrices(values());
        if (missing.length > 0) {
          const names = missing.map((name) => t(`assessmentFlow.fast.period.${name}`)).join('、');
          void message.warning(t('assessmentFlow.fast.missingPrices', { periods: names }));
          return;
        }
      }
      if (key === 'storage' && values().storageSizing === 'recommend' && !recommendation) {
        void message.warning(t('assessmentFlow.storage.noLoad'));
        return;
      }
      setStep((current) => Math.min(current + 1, STEPS.length - 1));
    });

  const calculate = async () => {
    const current = values();
    try {
      const started = await runner.run(
        async () => {
          let id = projId;
          if (id) {
            await modifyProject(projectChangesOf(current, id));
          } else {
            id = (await saveProject(fastProjectBodyOf(current))).projId;
            setProjId(id);
            onCreated(id);
          }
          await fastSavePrice(fastPriceBodyOf(current, id));
          return fastStartCalculation(fastCalculationBodyOf(current, id, storageSizeOf(recommendation)));
        },
        (error) => t('assessment.flow.failed', { error }),
      );
      if (started) onDone(resultPathOf('fast', started.projId, started.planId));
    } catch {
      // The request layer has shown the message; the user may correct and retry.
    }
  };

  const summary = () => {
    const v = values();
    return [
      { label: t('assessment.field.projName'), value: v.projName },
      { label: t('assessment.list.type'), value: t('assessment.type.fast') },
      v.loadInput === 'monthly'
        ? {
            label: t('assessmentFlow.fast.loadInput.monthly'),
            value: t('assessmentFlow.load.monthlySummary', {
              total: Math.round(
                (v.monthlyKwh ?? []).reduce<number>((sum, kwh) => sum + (kwh ?? 0), 0),
              ).toLocaleString(),
              meanKw: Math.round(fastMeanLoadKw(v) ?? 0).toLocaleString(),
            }),
          }
        : { label: t('assessmentFlow.fast.averageLoadKw'), value: `${v.averageLoadKw} kW` },
      storageSummaryOf(v, recommendation, t),
    ];
  };

  return (
    <>
      <Steps
        size="small"
        current={step}
        items={STEPS.map((stepKey) => ({ key: stepKey, title: t(`assessmentFlow.fast.step.${stepKey}`) }))}
        style={{ marginBottom: 24 }}
      />
      <Form<FastEstimateValues>
        form={form}
        layout="vertical"
        initialValues={reopened?.values ?? FAST_ESTIMATE_DEFAULTS}
      >
        {key === 'basics' ? (
          <>
            <ProjectStep form={form} short />
            <Divider orientation="left">{t('assessmentFlow.fast.prices')}</Divider>
            <FastPriceFields areaCode={areaPath?.[areaPath.length - 1] ?? null} />
          </>
        ) : null}
        {key === 'storage' ? (
          <>
            <Form.Item name="loadInput" label={t('assessmentFlow.fast.loadInput')}>
              <Radio.Group
                optionType="button"
                data-testid="fast-load-input"
                options={FAST_LOAD_INPUTS.map((value) => ({
                  value,
                  label: t(`assessmentFlow.fast.loadInput.${value}` as const),
                }))}
              />
            </Form.Item>
            {loadInput === 'monthly' ? (
              <MonthlyLoadInputs />
            ) : (
              <Form.Item
                name="averageLoadKw"
                label={t('assessmentFlow.fast.averageLoadKw')}
                extra={t('assessmentFlow.fast.averageLoadHint')}
                rules={[required]}
              >
                <InputNumber
                  min={1}
                  max={1_000_000}
                  style={{ width: '100%' }}
                  data-testid="fast-average-load"
                />
              </Form.Item>
            )}
            <StorageSection recommendation={recommendation} />
            <Row gutter={12} style={{ marginTop: 16 }}>
              <Col span={12}>
                <Form.Item
                  name="esCapexYuanPerWh"
                  label={t('assessmentFlow.economics.esCapexYuanPerWh')}
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
            </Row>
          </>
        ) : null}
        {key === 'calculate' ? <CalculateStep summary={summary()} state={runner} upgrade={null} /> : null}
      </Form>
      <FlowFooter
        first={step === 0}
        last={key === 'calculate'}
        busy={runner.running}
        onPrev={() => setStep((current) => Math.max(current - 1, 0))}
        onNext={next}
        onCalculate={() => void calculate()}
      />
    </>
  );
}
