import { Card, Empty, Space, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useResultProject } from '../assessment/hooks';
import { useReactiveBillMonths, useRunReactive, useStoredReactive } from './hooks';
import { ReactiveForm } from './ReactiveForm';
import { ReactiveResults } from './ReactiveResults';
import { emptyForm, formFromSaved } from './reactiveForm';

/**
 * 无功补偿评估 of a PV or PV+storage project (spec 001 §2 result pages, §6 "reactive compensation
 * assessment" for every tier, §7 pv/pv-config): the bill figures in, the PF at the meter before and
 * after PV, the adjustment charge, the compensation and the device out. The form reopens on the
 * figures of the latest stored assessment.
 */
export function ReactivePowerPanel({ projId }: { readonly projId: string }) {
  const { t } = useTranslation();
  const project = useResultProject(projId);
  const { powerFactor, compensation } = useStoredReactive(projId);
  const run = useRunReactive(projId);
  const bills = useReactiveBillMonths(projId);
  const ready = project.data !== undefined && !powerFactor.isLoading && !compensation.isLoading;
  // The form is built once, from what was stored when the tab opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first loaded values seed the form
  const initial = useMemo(
    () =>
      ready
        ? formFromSaved(
            emptyForm(new Date(), project.data?.transformerKva),
            powerFactor.data,
            compensation.data,
          )
        : null,
    [ready],
  );

  if (projId === '') return <Empty description={t('assessment.result.noProject')} />;
  if (!initial) return <Spin style={{ display: 'block', margin: 48 }} />;
  const stored = powerFactor.data ?? null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="reactive-panel">
      <Card title={t('reactivePower.title')} size="small">
        <Typography.Paragraph type="secondary">{t('reactivePower.intro')}</Typography.Paragraph>
        {project.data?.currentPlanId === null ? (
          <Typography.Paragraph type="warning" data-testid="reactive-no-plan">
            {t('reactivePower.warning.noPlan')}
          </Typography.Paragraph>
        ) : null}
        <ReactiveForm
          initial={initial}
          running={run.isPending}
          onRun={(values) => run.mutate(values)}
          bills={bills.data}
        />
      </Card>
      {stored ? (
        <ReactiveResults
          powerFactor={stored}
          compensation={compensation.data ?? null}
          currentPlanId={project.data?.currentPlanId ?? null}
        />
      ) : (
        <Empty description={t('reactivePower.empty')} data-testid="reactive-empty" />
      )}
    </Space>
  );
}
