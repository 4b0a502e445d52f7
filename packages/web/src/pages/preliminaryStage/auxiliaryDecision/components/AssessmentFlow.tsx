import { App, Divider, Form, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  modifyProject,
  saveConfigEs,
  saveConfigModel,
  saveProject,
  savePvesInfo,
  startCalculation,
} from '../../../../api/projects';
import { useFormSubmitGuard } from '../../../../utils/validation';
import { useCalculationRunner } from '../hooks';
import { resultPathOf } from '../resultPath';
import { FlowFooter } from './FlowFooter';
import { flowSummaryOf } from './flowSummary';
import {
  configRequestOf,
  electricityChangesOf,
  type FlowVariant,
  meanLoadKwOfMonths,
  NEW_ASSESSMENT_DEFAULTS,
  type NewAssessmentValues,
  projectBodyOf,
  projectChangesOf,
} from './newAssessment';
import { storageEnergyKwhOf } from './quotation/quotationLines';
import { CalculateStep } from './steps/CalculateStep';
import { EconomicsStep } from './steps/EconomicsStep';
import { ElectricityStep } from './steps/ElectricityStep';
import { ProjectStep } from './steps/ProjectStep';
import { PvesOptionsSection } from './steps/PvesOptionsSection';
import { PvSection } from './steps/PvSection';
import { StorageSection } from './steps/StorageSection';
import { WeatherStep } from './steps/WeatherStep';
import { storageSizeOf, useStorageRecommendation } from './storageSizing';
import { type UpgradeNotice, upgradeNoticeOf } from './upgrade';

type StepKey = 'project' | 'electricity' | 'weather' | 'system' | 'economics' | 'calculate';

/** The steps of each variant: storage alone needs no weather. */
const STEPS: Readonly<Record<FlowVariant, readonly StepKey[]>> = {
  pv: ['project', 'electricity', 'weather', 'system', 'economics', 'calculate'],
  es: ['project', 'electricity', 'system', 'economics', 'calculate'],
  pves: ['project', 'electricity', 'weather', 'system', 'economics', 'calculate'],
};

const SYSTEM_TITLES = {
  pv: 'assessment.step.pv',
  es: 'assessmentFlow.step.storage',
  pves: 'assessmentFlow.step.pves',
} as const;

export interface AssessmentFlowProps {
  readonly variant: FlowVariant;
  /**
   * A saved project opened again (?projId=…): the flow starts on its values and saves to it; a
   * calculation makes a new plan version of it.
   */
  readonly reopened?: { readonly projId: string; readonly values: Partial<NewAssessmentValues> };
  /** The project was created (the variant can no longer change). */
  readonly onCreated: (projId: string) => void;
  /** The calculation succeeded: the result page's path. */
  readonly onDone: (path: string) => void;
}

/**
 * The new PV, storage or PV+storage assessment as steps (spec 001 §2 auxiliaryDecision): project
 * and position, found by address (the project is created on leaving it, so files can attach to it)
 * → electricity (tariff, load by hand, file or bills) → weather (PV) → system → economics →
 * calculate with the job's progress, then the variant's result page. A reopened project starts on
 * its saved values and is saved in place; each calculation is a new plan version.
 */
export function AssessmentFlow({ variant, reopened, onCreated, onDone }: AssessmentFlowProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NewAssessmentValues>();
  const submit = useFormSubmitGuard(form);
  const [step, setStep] = useState(0);
  const [projId, setProjId] = useState<string | null>(reopened?.projId ?? null);
  const [saving, setSaving] = useState(false);
  const [seriesMeanKw, setSeriesMeanKw] = useState<number | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeNotice | null>(null);
  const runner = useCalculationRunner();
  const keys = STEPS[variant];
  const key = keys[step] ?? 'project';
  const watch = { form, preserve: true } as const;
  const loadSource = Form.useWatch('loadSource', watch) ?? 'monthly';
  const monthly = Form.useWatch('monthlyKwh', watch);
  const averageLoadKw = Form.useWatch('averageLoadKw', watch);
  const areaPath = Form.useWatch('areaPath', watch);
  const areaCode = areaPath?.[areaPath.length - 1] ?? null;
  const meanLoadKw =
    loadSource === 'monthly'
      ? meanLoadKwOfMonths(monthly ?? [])
      : loadSource === 'constant'
        ? typeof averageLoadKw === 'number' && averageLoadKw > 0
          ? averageLoadKw
          : null
        : seriesMeanKw;
  const recommendation = useStorageRecommendation(meanLoadKw);
  const values = () => form.getFieldsValue(true) as NewAssessmentValues;

  /** Saves what the step decides; false keeps the user on it. */
  const leave = async (): Promise<boolean> => {
    const current = values();
    if (key === 'project') {
      if (projId) {
        await modifyProject(projectChangesOf(current, projId));
      } else {
        const project = await saveProject(projectBodyOf(current, variant));
        setProjId(project.projId);
        onCreated(project.projId);
      }
    } else if (key === 'electricity' && projId) {
      const needsSeries = current.loadSource === 'file' || current.loadSource === 'bills';
      if (needsSeries && seriesMeanKw === null) {
        void message.warning(t('assessmentFlow.load.notReady'));
        return false;
      }
      await modifyProject(electricityChangesOf(current, projId));
    } else if (key === 'system' && variant !== 'pv') {
      if (current.storageSizing === 'recommend' && !recommendation) {
        void message.warning(t('assessmentFlow.storage.noLoad'));
        return false;
      }
    }
    return true;
  };

  const next = () =>
    void submit(async () => {
      setSaving(true);
      try {
        if (await leave()) setStep((current) => Math.min(current + 1, keys.length - 1));
      } catch {
        // The request layer has shown the message; the user may correct and retry.
      } finally {
        setSaving(false);
      }
    });

  const calculate = async () => {
    if (!projId) return;
    const current = values();
    setUpgrade(null);
    try {
      const started = await runner.run(
        async () => {
          const request = configRequestOf(variant, current, projId, storageSizeOf(recommendation));
          if (request.kind === 'pv') await saveConfigModel(request.body);
          else if (request.kind === 'es') await saveConfigEs(request.body);
          else {
            await savePvesInfo(request.body).catch((error: unknown) => {
              // Silent call: the upgrade notice is shown below, any other failure here.
              if (!upgradeNoticeOf(error)) void message.error((error as Error).message);
              throw error;
            });
          }
          return startCalculation(variant, projId);
        },
        (error) => t('assessment.flow.failed', { error }),
      );
      if (started) onDone(resultPathOf(variant, projId, started.planId));
    } catch (error) {
      setUpgrade(upgradeNoticeOf(error));
    }
  };

  return (
    <>
      <Steps
        size="small"
        current={step}
        items={keys.map((stepKey) => ({
          key: stepKey,
          title: t(
            stepKey === 'system'
              ? SYSTEM_TITLES[variant]
              : stepKey === 'weather'
                ? 'assessmentFlow.step.weather'
                : `assessment.step.${stepKey}`,
          ),
        }))}
        style={{ marginBottom: 24 }}
      />
      <Form<NewAssessmentValues>
        form={form}
        layout="vertical"
        initialValues={reopened?.values ?? NEW_ASSESSMENT_DEFAULTS}
      >
        {key === 'project' ? <ProjectStep form={form} /> : null}
        {key === 'electricity' && projId ? (
          <ElectricityStep projId={projId} areaCode={areaCode} onSeriesMeanKw={setSeriesMeanKw} />
        ) : null}
        {key === 'weather' ? <WeatherStep /> : null}
        {key === 'system' && projId ? (
          <>
            {variant === 'es' ? null : (
              <>
                <Divider orientation="left">{t('assessmentFlow.section.pv')}</Divider>
                <PvSection projId={projId} />
              </>
            )}
            {variant === 'pv' ? null : (
              <>
                <Divider orientation="left">{t('assessmentFlow.section.storage')}</Divider>
                <StorageSection recommendation={recommendation} />
              </>
            )}
            {variant === 'pves' ? (
              <>
                <Divider orientation="left">{t('assessmentFlow.section.pves')}</Divider>
                <PvesOptionsSection areaCode={areaCode} />
              </>
            ) : null}
          </>
        ) : null}
        {key === 'economics' ? (
          <EconomicsStep
            variant={variant}
            projId={projId}
            storageEnergyKwh={storageEnergyKwhOf(values(), recommendation)}
          />
        ) : null}
        {key === 'calculate' ? (
          <CalculateStep
            summary={flowSummaryOf(values(), variant, { meanLoadKw, recommendation }, t)}
            state={runner}
            upgrade={upgrade}
          />
        ) : null}
      </Form>
      <FlowFooter
        first={step === 0}
        last={key === 'calculate'}
        busy={saving || runner.running}
        onPrev={() => setStep((current) => Math.max(current - 1, 0))}
        onNext={next}
        onCalculate={() => void calculate()}
      />
    </>
  );
}
