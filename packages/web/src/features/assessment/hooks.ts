import type { PlanView } from '@pvplan/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createPowerCostMap,
  exportReport,
  getAssessmentResult,
  getProjectWithConfigs,
  getResultPlans,
  getRunModel,
  type ReportFormat,
} from '../../api/assessmentResults';
import { saveBlob } from '../../api/download';
import { getProjectInfo, lockHistoryPlan, restorePlan, unlockProject } from '../../api/projects';
import { ASSESSMENT_QUERY_KEY } from './keys';

/** The project of a result page. */
export function useResultProject(projId: string) {
  return useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'project', projId],
    queryFn: ({ signal }) => getProjectInfo(projId, signal),
    enabled: projId !== '',
  });
}

/** A plan's stored result (the current / latest plan without planId). */
export function useAssessmentResult(
  projId: string,
  planId: number | undefined,
  fast: boolean,
  enabled = true,
) {
  return useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'result', projId, planId ?? null, fast],
    queryFn: ({ signal }) => getAssessmentResult(projId, planId, fast, signal),
    enabled: projId !== '' && enabled,
  });
}

/**
 * The project of a result page and the result it shows: `planId`, else the project's current plan
 * (a quick estimate: its latest plan). The current plan is asked for by its id, so the result page,
 * the comparison and the detail page share one cached copy of it. `knownFast`: whether the project
 * is a quick estimate, when the page knows it without the project (the PV and PV+storage pages):
 * a given plan is then fetched at once, beside the project, not after it.
 */
export function useShownResult(projId: string, planId: number | undefined, knownFast?: boolean) {
  const project = useResultProject(projId);
  const fast = knownFast ?? project.data?.projType === 'fast';
  const shownPlanId = planId ?? (fast ? undefined : (project.data?.currentPlanId ?? undefined));
  const hasPlan = shownPlanId !== undefined || fast;
  const known = knownFast !== undefined || project.data !== undefined;
  const result = useAssessmentResult(projId, shownPlanId, fast, known && hasPlan);
  return { project, fast, hasPlan, result };
}

/** Stored results of several plans at once (the comparison). */
export function useAssessmentResults(projId: string, planIds: readonly number[], fast: boolean) {
  return useQueries({
    queries: planIds.map((planId) => ({
      queryKey: [...ASSESSMENT_QUERY_KEY, 'result', projId, planId, fast],
      queryFn: ({ signal }: { signal: AbortSignal }) => getAssessmentResult(projId, planId, fast, signal),
      enabled: projId !== '',
    })),
  });
}

/** Plan versions of the project, newest first. */
export function useResultPlans(projId: string, fast: boolean) {
  return useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'plans', projId, fast],
    queryFn: ({ signal }) => getResultPlans(projId, fast, signal),
    enabled: projId !== '',
  });
}

/** Lock a version, restore one, unlock the project; each refreshes every assessment query. */
export function usePlanActions(projId: string, onRestored: (plan: PlanView) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
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
      onRestored(plan);
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
  return { lock, restore, unlock };
}

/** The tilt × azimuth yield and LCOE map of the project's PV (computed once, cached by the server). */
export function usePowerCostMap(projId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'powerCostMap', projId],
    queryFn: ({ signal }) => createPowerCostMap(projId, signal),
    enabled: projId !== '' && enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The project with its saved configs, and its run model (saved, or derived from the tariff). */
export function useProjectConfigs(projId: string) {
  const configs = useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'configs', projId],
    queryFn: ({ signal }) => getProjectWithConfigs(projId, signal),
    enabled: projId !== '',
  });
  const runModel = useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'runModel', projId],
    queryFn: ({ signal }) => getRunModel(projId, signal),
    enabled: projId !== '',
    retry: false,
  });
  return { configs, runModel };
}

/** Downloads the plan's report (Word or PDF) and hands it to the browser. */
export function useReportExport(projId: string, planId: number | undefined, fast: boolean) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (format: ReportFormat) => exportReport(projId, planId, format, fast),
    onSuccess: (file, format) => {
      saveBlob(file, `${t('assessment.report.fileName')}.${format}`);
      void message.success(t('assessment.report.downloaded'));
    },
  });
}
