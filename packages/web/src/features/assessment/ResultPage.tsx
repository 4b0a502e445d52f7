import { Button, Card, Empty, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { MessageKey } from '../../locales/resources';
import { useDocumentTitle } from '../../utils/useDocumentTitle';
import { EditAction } from './EditAction';
import { usePlanActions, usePowerCostMap, useResultPlans, useShownResult } from './hooks';
import { PlanComparison } from './PlanComparison';
import { PlanHistory } from './PlanHistory';
import { ReportButtons } from './ReportButtons';
import { ResultLayout } from './ResultLayout';
import { type SourcedSummary, warningTexts } from './sourceText';
import { YieldMapCard } from './YieldMapCard';

/** Which result screen: PV, PV+storage, or storage (a storage assessment or a quick estimate). */
export type ResultVariant = 'pv' | 'pves' | 'storage';

export const DETAIL_PATH = '/preliminaryStage/storedEnergyDetail';

export interface ResultPageProps {
  readonly variant: ResultVariant;
  readonly titleKey: MessageKey;
}

/** The ?projId=…&planId=… of a result or detail page (planId absent: the current plan). */
export function useResultParams() {
  const [params, setParams] = useSearchParams();
  const projId = params.get('projId') ?? '';
  const planIdText = params.get('planId');
  const planId = planIdText && /^\d+$/.test(planIdText) ? Number(planIdText) : undefined;
  const showPlan = (id: number) => setParams({ projId, planId: String(id) });
  return { projId, planId, showPlan };
}

/**
 * A result screen (spec 001 §2 distributedPhotovoltaicResult, distributedOpticalStorageResult,
 * storedEnergyResult): the stored result of a plan in the shared layout (with the tilt × azimuth
 * map for PV), report export, the edit action back into the flow, the plan history with lock /
 * restore and the comparison of two plans.
 */
export function ResultPage({ variant, titleKey }: ResultPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  const navigate = useNavigate();
  const { projId, planId, showPlan } = useResultParams();
  // PV and PV+storage projects are never quick estimates: their plan is fetched beside the project,
  // and the tilt × azimuth map (shown below the charts) is asked for at once, not after the layout.
  const { project, fast, hasPlan, result } = useShownResult(
    projId,
    planId,
    variant === 'storage' ? undefined : false,
  );
  usePowerCostMap(projId, variant !== 'storage');
  const known = project.data !== undefined;
  const plans = useResultPlans(projId, fast);
  const { lock, restore, unlock } = usePlanActions(projId, (plan) => showPlan(plan.planId));

  if (projId === '') return <Empty description={t('assessment.result.noProject')} />;

  const summary = result.data?.summary ?? null;
  const shownPlanId = result.data?.plan.planId;
  let body: ReactNode;
  if (project.isLoading || result.isLoading) body = <Spin style={{ display: 'block', margin: 48 }} />;
  else if (known && !hasPlan) body = <Empty description={t('assessment.result.noPlan')} />;
  else if (!summary) body = <Empty description={t('assessment.result.notFinished')} />;
  else {
    body = (
      <ResultLayout
        summary={summary}
        warnings={warningTexts(t, summary as SourcedSummary, result.data?.warnings ?? [])}
        extra={variant !== 'storage' && summary.pv ? <YieldMapCard projId={projId} /> : null}
      />
    );
  }
  const detail = () =>
    navigate(`${DETAIL_PATH}?projId=${projId}${shownPlanId ? `&planId=${shownPlanId}` : ''}`);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="assessment-result">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="assessment-result-name">
            {project.data?.projName ?? ''}
            {result.data ? ` · ${result.data.plan.name}` : ''}
          </Typography.Title>
          <Space wrap>
            <ReportButtons projId={projId} planId={shownPlanId} fast={fast} disabled={!summary} />
            {variant === 'storage' ? (
              <Button onClick={detail} disabled={!summary} data-testid="assessment-open-detail">
                {t('assessment.result.detail')}
              </Button>
            ) : null}
            <EditAction project={project.data} />
            <Button onClick={() => navigate('/tools/auxiliaryDecision')}>
              {t('assessment.result.back')}
            </Button>
          </Space>
        </Space>
      </Card>
      {body}
      <PlanHistory
        plans={plans.data?.list ?? []}
        loading={plans.isLoading}
        shownPlanId={shownPlanId ?? null}
        projectLocked={project.data?.locked === 1}
        onView={(plan) => showPlan(plan.planId)}
        onLock={(plan) => lock.mutate(plan)}
        onRestore={(plan) => restore.mutate(plan)}
        onUnlock={() => unlock.mutate()}
      />
      <PlanComparison projId={projId} plans={plans.data?.list ?? []} fast={fast} />
    </Space>
  );
}
