import {
  formatMessage,
  isMessageKey,
  type Language,
  type PlanHeadline,
  type PlanStatus,
  type PlanView,
  type ProjectRole,
  type ProjectType,
  type ProjectView,
} from '@pvplan/contract';
import type { ProjectPlanRow, ProjectRow } from '../../db/tables';
import type { AssessmentSummary, AssessmentWarning } from './assessment';

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

export function headlineOf(plan: ProjectPlanRow): PlanHeadline {
  const summary = plan.summary_json ? (JSON.parse(plan.summary_json) as AssessmentSummary) : null;
  const h = summary?.headline;
  return {
    planId: plan.id,
    version: plan.version,
    kind: plan.kind as ProjectType,
    status: plan.status as PlanStatus,
    pvCapacityKwp: h?.pvCapacityKwp ?? null,
    storageEnergyKwh: h?.storageEnergyKwh ?? null,
    firstYearGenerationKwh: h?.firstYearGenerationKwh ?? null,
    selfConsumptionFraction: h?.selfConsumptionFraction ?? null,
    annualIncomeYuan: h?.annualIncomeYuan ?? null,
    projectIrrAfterTax: h?.projectIrrAfterTax ?? null,
    staticPaybackYears: h?.staticPaybackYears ?? null,
    lcoeYuanPerKwh: h?.lcoeYuanPerKwh ?? null,
  };
}

export function projectView(
  project: ProjectRow,
  role: ProjectRole,
  ownerName: string,
  currentPlan: ProjectPlanRow | null,
): ProjectView {
  return {
    projId: String(project.id),
    projName: project.proj_name,
    projType: project.proj_type as ProjectType,
    customerName: project.customer_name,
    contactName: project.contact_name,
    contactPhone: project.contact_phone,
    address: project.address,
    areaCode: project.area_code,
    latitudeDeg: num(project.latitude_deg),
    longitudeDeg: num(project.longitude_deg),
    industry: project.industry,
    userCategory: project.user_category,
    voltageLevel: project.voltage_level,
    transformerKva: num(project.transformer_kva),
    remark: project.remark,
    locked: project.locked ? 1 : 0,
    ownerUserId: project.owner_user_id,
    ownerName,
    role,
    currentPlanId: project.current_plan_id,
    currentPlan: currentPlan ? headlineOf(currentPlan) : null,
    createTime: project.created_at,
    updateTime: project.updated_at,
  };
}

export function planView(plan: ProjectPlanRow, project: ProjectRow, progress: number): PlanView {
  return {
    planId: plan.id,
    hisId: plan.id,
    projId: String(plan.proj_id),
    version: plan.version,
    name: plan.name,
    kind: plan.kind as ProjectType,
    status: plan.status as PlanStatus,
    progress: plan.status === 'succeeded' ? 100 : progress,
    jobId: plan.job_id,
    locked: plan.locked ? 1 : 0,
    current: project.current_plan_id === plan.id,
    error: plan.error,
    headline: headlineOf(plan),
    createdBy: plan.created_by_name,
    createTime: plan.created_at,
    finishTime: plan.finished_at,
  };
}

/** Warnings of a result in the reader's language. */
export function warningTexts(language: Language, warnings: readonly AssessmentWarning[]): string[] {
  return warnings.map((w) => (isMessageKey(w.key) ? formatMessage(language, w.key, w.params) : w.key));
}
