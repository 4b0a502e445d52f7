import {
  type AssessCompensationBody,
  type AssessPowerFactorBody,
  type ChargeBaseAfterSource,
  ESTIMATE_TOOLS,
  type ReactiveBillMonths,
} from '@pvplan/contract';
import type { CompensationAssessResult, PowerFactorAssessResult, ReactiveMonthResult } from '@pvplan/engine';
import { requestData } from './request';

/*
 * Reactive power of a PV project (server module `projects`, PvConfigService; spec 001 §7 "PV config"
 * assessPowerFactor, assessCompensation, getPowerFactorAssess, getCompensationAssess). The server
 * stores each assessment with its input (the months completed with the current plan's self-consumed
 * PV energy) and its result (engine economics/reactive.ts); the types below are the parts the web
 * reads of them.
 */

const PV_CONFIG = `${ESTIMATE_TOOLS}/pv/pv-config`;

/** The power-factor standard of a user (0.90, 0.85 or 0.80). */
export type PowerFactorStandard = AssessPowerFactorBody['standardPf'];

/** What the client sends (the schemas' defaults optional). */
export type PowerFactorRequest = Omit<AssessPowerFactorBody, 'standardPf' | 'countReverseReactive'> &
  Partial<Pick<AssessPowerFactorBody, 'standardPf' | 'countReverseReactive'>>;
export type CompensationRequest = PowerFactorRequest &
  Partial<Pick<AssessCompensationBody, 'targetPf' | 'marginFraction' | 'moduleSizesKvar' | 'device'>> & {
    readonly transformerKva?: number;
  };

/** One month as the server stored it: the entered figures and the PV energy it used. */
export interface StoredReactiveMonth {
  readonly label?: string;
  readonly activeKwh: number;
  readonly reactiveKvarh: number;
  readonly reverseReactiveKvarh?: number;
  /** Self-consumed PV energy of the month, kWh (from the current plan unless entered). */
  readonly pvSelfConsumedKwh: number;
  readonly chargeBaseBeforeYuan: number;
  /** The base after PV used (entered, or estimated by the server; absent in older assessments). */
  readonly chargeBaseAfterYuan?: number;
  /** How the base after PV was found (absent in assessments stored before the estimate existed). */
  readonly chargeBaseAfterSource?: ChargeBaseAfterSource;
  /** The average energy price the estimate used, yuan/kWh (null when none). */
  readonly afterPriceYuanPerKwh?: number | null;
  readonly operatingHours: number;
}

/** The stored input of an assessment. */
export interface StoredReactiveInput {
  readonly standardPf: number;
  readonly countReverseReactive?: boolean;
  readonly months: StoredReactiveMonth[];
  /** 'plan <planId>' when the PV energy came from a plan, else 'entered'. */
  readonly pvSource: string;
  readonly targetPf?: number;
  readonly marginFraction?: number;
  readonly device?: 'auto' | 'svg' | 'capacitor';
  readonly transformerKva?: number | null;
}

/*
 * Results as the server answers them: the engine's result types (JSON drops an undefined month label).
 */
export type PowerFactorMonthView = ReactiveMonthResult;
export type PowerFactorResultView = PowerFactorAssessResult;
export type CompensationResultView = CompensationAssessResult;

/** A stored assessment (the answer of assess* and of get*). */
export interface StoredAssessment<R> {
  readonly id: number;
  readonly projId: string;
  readonly createTime: string;
  readonly input: StoredReactiveInput;
  readonly result: R;
}

export type PowerFactorAssessment = StoredAssessment<PowerFactorResultView>;
export type CompensationAssessment = StoredAssessment<CompensationResultView>;

/** POST pv/pv-config/assessPowerFactor: PF before and after PV per month, the adjustment charge. */
export function assessPowerFactor(projId: string, body: PowerFactorRequest): Promise<PowerFactorAssessment> {
  return requestData(`${PV_CONFIG}/assessPowerFactor`, { method: 'POST', body: { ...body, projId } });
}

/** POST pv/pv-config/assessCompensation: the compensation (kvar) that restores the target PF. */
export function assessCompensation(
  projId: string,
  body: CompensationRequest,
): Promise<CompensationAssessment> {
  return requestData(`${PV_CONFIG}/assessCompensation`, { method: 'POST', body: { ...body, projId } });
}

/** GET pv/pv-config/getPowerFactorAssess: the latest stored power-factor assessment, or null. */
export function getPowerFactorAssess(
  projId: string,
  signal?: AbortSignal,
): Promise<PowerFactorAssessment | null> {
  return requestData(`${PV_CONFIG}/getPowerFactorAssess`, { query: { projId }, signal });
}

/** GET pv/pv-config/getCompensationAssess: the latest stored compensation assessment, or null. */
export function getCompensationAssess(
  projId: string,
  signal?: AbortSignal,
): Promise<CompensationAssessment | null> {
  return requestData(`${PV_CONFIG}/getCompensationAssess`, { query: { projId }, signal });
}

export type { ReactiveBillMonth, ReactiveBillMonths } from '@pvplan/contract';

/** GET pv/pv-config/getReactiveBillMonths: the project's confirmed bills by month (to fill the form). */
export function getReactiveBillMonths(projId: string, signal?: AbortSignal): Promise<ReactiveBillMonths> {
  return requestData(`${PV_CONFIG}/getReactiveBillMonths`, { query: { projId }, signal });
}
