import type { PlanView } from '@pvplan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  getPlanList,
  getPlanResult,
  getProjectInfo,
  lockHistoryPlan,
  restorePlan,
  unlockProject,
} from '../../../api/projects';
import { ASSESSMENT_QUERY_KEY, PlanHistory, PvResultView } from '../../../features/assessment';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

/**
 * The PV result page (spec 001 §2 distributedPhotovoltaicResult): the stored result of a plan
 * (?projId=…&planId=…; the current plan without planId) and the plan history with lock / restore.
 */
export default function DistributedPhotovoltaicResult() {
  const { t } = useTranslation();
  useDocumentTitle(t('assessment.result.title'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const projId = params.get('projId') ?? '';
  const planIdText = params.get('planId');
  const planId = planIdText ? Number(planIdText) : undefined;

  const project = useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'project', projId],
    queryFn: ({ signal }) => getProjectInfo(projId, signal),
    enabled: projId !== '',
  });
  const result = useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'result', projId, planId ?? null],
    queryFn: ({ signal }) => getPlanResult(projId, planId, signal),
    enabled: projId !== '' && (planId !== undefined || project.data?.currentPlanId != null),
  });
  const plans = useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'plans', projId],
    queryFn: ({ signal }) => getPlanList(projId, 1, 50, signal),
    enabled: projId !== '',
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ASSESSMENT_QUERY_KEY });
  const lock = useMutation({
    mutationFn: (plan: PlanView) => lockHistoryPlan(projId, plan.hisId),
    onSuccess: async () => {
      void message.success(t('assessment.history.locked'));
      await refresh();
    },
  });
  const restore = useMutation({
    mutationFn: (plan: PlanView) => restorePlan(projId, plan.hisId),
    onSuccess: async (_, plan) => {
      void message.success(t('assessment.history.restored'));
      setParams({ projId, planId: String(plan.planId) });
      await refresh();
    },
  });
  const unlock = useMutation({
    mutationFn: () => unlockProject(projId),
    onSuccess: async () => {
      void message.success(t('assessment.history.unlocked'));
      await refresh();
    },
  });

  if (projId === '') return <Empty description={t('assessment.result.noProject')} />;

  const summary = result.data?.summary ?? null;
  const noPlan = project.data && project.data.currentPlanId == null && planId === undefined;
  let body: ReactNode;
  if (project.isLoading || result.isLoading) body = <Spin style={{ display: 'block', margin: 48 }} />;
  else if (noPlan) body = <Empty description={t('assessment.result.noPlan')} />;
  else if (!summary) body = <Empty description={t('assessment.result.notFinished')} />;
  else body = <PvResultView summary={summary} warnings={result.data?.warnings ?? []} />;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="assessment-result">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="assessment-result-name">
            {project.data?.projName ?? ''}
            {result.data ? ` · ${result.data.plan.name}` : ''}
          </Typography.Title>
          <Button onClick={() => navigate('/tools/auxiliaryDecision')}>{t('assessment.result.back')}</Button>
        </Space>
      </Card>
      {body}
      <PlanHistory
        plans={plans.data?.list ?? []}
        loading={plans.isLoading}
        shownPlanId={result.data?.plan.planId ?? null}
        projectLocked={project.data?.locked === 1}
        onView={(plan) => setParams({ projId, planId: String(plan.planId) })}
        onLock={(plan) => lock.mutate(plan)}
        onRestore={(plan) => restore.mutate(plan)}
        onUnlock={() => unlock.mutate()}
      />
    </Space>
  );
}
