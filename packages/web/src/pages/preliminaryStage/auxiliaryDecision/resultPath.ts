import type { ProjectType } from '@pvplan/contract';

/** The result page of each assessment variant (spec 001 §2). */
export const RESULT_PAGES: Readonly<Record<ProjectType, string>> = {
  pv: '/preliminaryStage/distributedPhotovoltaicResult',
  pves: '/preliminaryStage/distributedOpticalStorageResult',
  es: '/preliminaryStage/storedEnergyResult',
  fast: '/preliminaryStage/storedEnergyResult',
};

/** `{page}?projId=…&planId=…` (planId left out for "the current plan"). */
export function resultPathOf(projType: ProjectType, projId: string, planId?: number | null): string {
  const query = new URLSearchParams({ projId });
  if (planId !== undefined && planId !== null) query.set('planId', String(planId));
  return `${RESULT_PAGES[projType]}?${query.toString()}`;
}
