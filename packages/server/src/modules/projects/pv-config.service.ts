import type {
  AssessCompensationBody,
  AssessPowerFactorBody,
  ChargeBaseAfterSource,
  QuotationItemInput,
  QuoteUnitPriceBody,
  ReactiveBillMonths,
} from '@pvplan/contract';
import {
  assessCompensation,
  assessPowerFactor,
  type CompensationAssessResult,
  capexFromQuotation,
  EngineInputError,
  type PowerFactorAssessResult,
  type PowerFactorStandard,
  powerFactorAdjustmentPct,
} from '@pvplan/engine';
import type { ProjectRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { Db } from '../users/user.repository';
import type { AssessmentSummary } from './assessment';
import { pvCapacityKwp } from './configs';
import type { PlanInputs } from './plans.service';
import { assertUnlocked, requireProjectAccess } from './project-access';
import { findPlan, upsertConfig } from './projects.repository';
import type { ProjectsService } from './projects.service';
import { chargeBaseAfterPv, reactiveBillMonths, tariffMonthlyEnergyPrices } from './reactive-bills';

/** Default hours a month during which reactive demand is compensated (about 12 h × 25 working days) [P]. */
export const DEFAULT_OPERATING_HOURS = 300;

/** A line of the default quotation: price per unit of size (W or Wh) or per set. */
export interface QuotationTemplateItem {
  readonly name: string;
  readonly nameEn: string;
  readonly unit: 'W' | 'Wh';
  readonly unitPriceYuan: number;
  readonly vatRate: number;
  readonly source: string;
}

/**
 * Default itemised quotations. PV: the lines add up to the 3.0 yuan/W turnkey price a 2026 tool
 * uses (china-domain.md §3 [F 12]; 2024 distributed EPC 3.04 yuan/W [F 35]); modules 0.74 yuan/W
 * (late-2025 awards [F 36]) and inverters 0.18 yuan/W ([F 35]) are sourced, the split of the rest is
 * an assumption [P]. Storage: 0.80 yuan/Wh turnkey inside the 0.7–1.1 yuan/Wh range of 2025–26
 * C&I systems (china-domain.md §4.2 [P]); the split is an assumption. VAT: 13 % equipment,
 * 9 % construction, 6 % services. Users edit every line.
 */
export const QUOTATION_TEMPLATES: Readonly<Record<'pv' | 'es', readonly QuotationTemplateItem[]>> = {
  pv: [
    {
      name: '光伏组件',
      nameEn: 'PV modules',
      unit: 'W',
      unitPriceYuan: 0.74,
      vatRate: 0.13,
      source: 'china-domain.md §3 [F 36]',
    },
    {
      name: '逆变器',
      nameEn: 'Inverters',
      unit: 'W',
      unitPriceYuan: 0.18,
      vatRate: 0.13,
      source: 'china-domain.md §3 [F 35]',
    },
    {
      name: '支架',
      nameEn: 'Mounting structure',
      unit: 'W',
      unitPriceYuan: 0.35,
      vatRate: 0.13,
      source: '[P]',
    },
    {
      name: '电缆及电气设备',
      nameEn: 'Cables and electrical BOS',
      unit: 'W',
      unitPriceYuan: 0.45,
      vatRate: 0.13,
      source: '[P]',
    },
    {
      name: '安装施工',
      nameEn: 'Installation and construction',
      unit: 'W',
      unitPriceYuan: 0.6,
      vatRate: 0.09,
      source: '[P]',
    },
    {
      name: '屋面加固及其他',
      nameEn: 'Roof reinforcement and other works',
      unit: 'W',
      unitPriceYuan: 0.2,
      vatRate: 0.09,
      source: '[P]',
    },
    {
      name: '设计、并网及管理费',
      nameEn: 'Design, grid connection and management',
      unit: 'W',
      unitPriceYuan: 0.48,
      vatRate: 0.06,
      source: '[P]',
    },
  ],
  es: [
    {
      name: '储能系统（电池柜含PCS）',
      nameEn: 'Storage system (cabinets with PCS)',
      unit: 'Wh',
      unitPriceYuan: 0.6,
      vatRate: 0.13,
      source: 'china-domain.md §4.2 [P]',
    },
    {
      name: 'EMS及并网设备',
      nameEn: 'EMS and grid-connection equipment',
      unit: 'Wh',
      unitPriceYuan: 0.08,
      vatRate: 0.13,
      source: '[P]',
    },
    {
      name: '安装施工',
      nameEn: 'Installation and construction',
      unit: 'Wh',
      unitPriceYuan: 0.07,
      vatRate: 0.09,
      source: '[P]',
    },
    {
      name: '设计及管理费',
      nameEn: 'Design and management',
      unit: 'Wh',
      unitPriceYuan: 0.05,
      vatRate: 0.06,
      source: '[P]',
    },
  ],
};

function engineError(error: unknown): never {
  if (error instanceof EngineInputError)
    throw new AppError('ERR_PROJECT_INPUT_INVALID', { detail: error.message });
  throw error;
}

/** Calendar month (1–12) of a month label ('2025-07', '7', '07月'), else null. */
function monthOfLabel(label: string | undefined): number | null {
  const match = label?.match(/(?:^|\D)(\d{1,2})(?:\D*$)/);
  const month = match ? Number(match[1]) : Number.NaN;
  return month >= 1 && month <= 12 ? month : null;
}

/** Reactive-power assessments (pv/pv-config) and quotations. */
export class PvConfigService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsService,
  ) {}

  /**
   * From the project's current plan: the self-consumed PV energy per calendar month and the
   * average energy price per calendar month of the tariff it ran on (null when absent).
   */
  private async planFigures(project: ProjectRow): Promise<{
    selfConsumedKwh: number[] | null;
    tariffPrices: (number | null)[] | null;
  }> {
    if (!project.current_plan_id) return { selfConsumedKwh: null, tariffPrices: null };
    const plan = await findPlan(this.db, project.id, project.current_plan_id);
    const summary = plan?.summary_json ? (JSON.parse(plan.summary_json) as AssessmentSummary) : null;
    const inputs = plan?.inputs_json ? (JSON.parse(plan.inputs_json) as Partial<PlanInputs>) : null;
    const tariff = inputs?.assessment?.tariff;
    return {
      selfConsumedKwh: summary?.pv?.monthlySelfConsumedKwh ?? null,
      tariffPrices: tariff?.schedule && tariff.prices ? tariffMonthlyEnergyPrices(tariff) : null,
    };
  }

  /**
   * The months the engine assesses. Self-consumed PV energy not entered comes from the current
   * plan (by the calendar month of the label). The adjustment base after PV not entered is
   * estimated (`chargeBaseAfterPv`, china-domain.md §6): base before − self-consumed PV kWh × the
   * month's average energy price, the price being the project's confirmed bill of that month
   * (energy charge ÷ kWh, the month matched on a 'YYYY-MM' label), else the current plan's tariff
   * (time-weighted mean of the month's periods), else none: the base is then kept unchanged, as
   * before PV, and the stored month says so (`chargeBaseAfterSource: 'unchanged'`).
   */
  private async months(project: ProjectRow, body: AssessPowerFactorBody) {
    const plan = await this.planFigures(project);
    const bills = body.months.some((m) => m.chargeBaseAfterYuan === undefined)
      ? await reactiveBillMonths(this.db, project.id)
      : null;
    const billPrice = new Map(
      (bills?.months ?? []).map((month) => [month.month, month.energyPriceYuanPerKwh] as const),
    );
    let usedPlan = false;
    const months = body.months.map((m, i) => {
      const month = monthOfLabel(m.label) ?? (i % 12) + 1;
      let pv = m.pvSelfConsumedKwh;
      if (pv === undefined && plan.selfConsumedKwh) {
        pv = plan.selfConsumedKwh[month - 1] ?? 0;
        usedPlan = true;
      }
      const pvKwh = pv ?? 0;
      let chargeBaseAfterYuan = m.chargeBaseAfterYuan;
      let chargeBaseAfterSource: ChargeBaseAfterSource = 'entered';
      let afterPriceYuanPerKwh: number | null = null;
      if (chargeBaseAfterYuan === undefined) {
        // Bill months are keyed 'YYYY-MM': only such a label matches one.
        const fromBill = m.label === undefined ? null : (billPrice.get(m.label) ?? null);
        const fromTariff = plan.tariffPrices?.[month - 1] ?? null;
        afterPriceYuanPerKwh = pvKwh > 0 ? (fromBill ?? fromTariff) : null;
        chargeBaseAfterSource =
          afterPriceYuanPerKwh === null ? 'unchanged' : fromBill !== null ? 'billPrice' : 'tariffPrice';
        chargeBaseAfterYuan =
          afterPriceYuanPerKwh === null
            ? m.chargeBaseBeforeYuan
            : chargeBaseAfterPv(m.chargeBaseBeforeYuan, pvKwh, afterPriceYuanPerKwh);
      }
      return {
        ...(m.label === undefined ? {} : { label: m.label }),
        activeKwh: m.activeKwh,
        reactiveKvarh: m.reactiveKvarh,
        ...(m.reverseReactiveKvarh === undefined ? {} : { reverseReactiveKvarh: m.reverseReactiveKvarh }),
        pvSelfConsumedKwh: pvKwh,
        chargeBaseBeforeYuan: m.chargeBaseBeforeYuan,
        chargeBaseAfterYuan,
        chargeBaseAfterSource,
        afterPriceYuanPerKwh,
        operatingHours: m.operatingHours ?? DEFAULT_OPERATING_HOURS,
      };
    });
    return { months, pvSource: usedPlan ? `plan ${project.current_plan_id}` : 'entered' };
  }

  /** pv/pv-config/getReactiveBillMonths: the project's confirmed bills by month, to fill the form. */
  async reactiveBillMonths(principal: Principal, projId: string | null): Promise<ReactiveBillMonths> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    return { projId: String(project.id), ...(await reactiveBillMonths(this.db, project.id)) };
  }

  private async store(
    projectId: number,
    principal: Principal,
    kind: string,
    input: unknown,
    result: unknown,
  ) {
    const row = await this.db
      .insertInto('project_assessments')
      .values({
        proj_id: projectId,
        kind,
        input_json: JSON.stringify(input),
        result_json: JSON.stringify(result),
        created_by: principal.user.id,
        created_at: nowIso(),
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, createTime: row.created_at };
  }

  /** pv/pv-config/assessPowerFactor: PF before and after PV per month and the adjustment charge. */
  async assessPowerFactor(principal: Principal, projId: string | null, body: AssessPowerFactorBody) {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    const { months, pvSource } = await this.months(project, body);
    let result: PowerFactorAssessResult;
    try {
      result = assessPowerFactor({
        months,
        standardPf: body.standardPf,
        countReverseReactive: body.countReverseReactive,
        adjustmentPercent: (standard, pf) => powerFactorAdjustmentPct(standard as PowerFactorStandard, pf),
      });
    } catch (error) {
      return engineError(error);
    }
    const input = { ...body, months, pvSource };
    const saved = await this.store(project.id, principal, 'powerFactor', input, result);
    return { ...saved, projId: String(project.id), input, result };
  }

  /** pv/pv-config/assessCompensation: the compensation (kvar) that restores the target PF, and the device. */
  async assessCompensation(principal: Principal, projId: string | null, body: AssessCompensationBody) {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    const { months, pvSource } = await this.months(project, body);
    const transformerKva =
      body.transformerKva ?? (project.transformer_kva ? Number(project.transformer_kva) : undefined);
    let result: CompensationAssessResult;
    try {
      result = assessCompensation({
        months,
        targetPf: body.targetPf,
        marginFraction: body.marginFraction,
        ...(body.moduleSizesKvar ? { moduleSizesKvar: body.moduleSizesKvar } : {}),
        device: body.device,
        countReverseReactive: body.countReverseReactive,
        ...(transformerKva ? { transformerKva } : {}),
      });
    } catch (error) {
      return engineError(error);
    }
    const input = { ...body, months, pvSource, transformerKva: transformerKva ?? null };
    const saved = await this.store(project.id, principal, 'compensation', input, result);
    return { ...saved, projId: String(project.id), input, result };
  }

  private async latest(principal: Principal, projId: string | null, kind: string) {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    const row = await this.db
      .selectFrom('project_assessments')
      .selectAll()
      .where('proj_id', '=', project.id)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          projId: String(project.id),
          createTime: row.created_at,
          input: JSON.parse(row.input_json) as unknown,
          result: JSON.parse(row.result_json) as unknown,
        }
      : null;
  }

  getPowerFactorAssess(principal: Principal, projId: string | null) {
    return this.latest(principal, projId, 'powerFactor');
  }

  getCompensationAssess(principal: Principal, projId: string | null) {
    return this.latest(principal, projId, 'compensation');
  }

  /** pv/pv-config/getReactivePowerCost: the yearly cost PV causes through the PF adjustment, and the fix. */
  async reactivePowerCost(principal: Principal, projId: string | null) {
    const pf = await this.latest(principal, projId, 'powerFactor');
    const comp = await this.latest(principal, projId, 'compensation');
    const r = pf?.result as PowerFactorAssessResult | undefined;
    const c = comp?.result as CompensationAssessResult | undefined;
    return {
      projId: String(projId),
      assessed: Boolean(r),
      pfBeforePeriod: r?.pfBeforePeriod ?? null,
      pfAfterPeriod: r?.pfAfterPeriod ?? null,
      adjustmentBeforeYuan: r?.adjustmentBeforeYuan ?? null,
      adjustmentAfterYuan: r?.adjustmentAfterYuan ?? null,
      extraCostYuan: r?.extraCostYuan ?? null,
      months:
        r?.months.map((m) => ({
          label: m.label ?? null,
          pfBefore: m.pfBeforeRounded,
          pfAfter: m.pfAfterRounded,
          extraCostYuan: m.extraCostYuan,
        })) ?? [],
      compensation: c
        ? { recommendedKvar: c.recommendedKvar, device: c.device, modules: c.modules, targetPf: c.targetPf }
        : null,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Quotation
  // -------------------------------------------------------------------------------------------

  /** early/getQuotationList: the default itemised quotation, sized to the project when given. */
  async quotationList(principal: Principal, projId: string | undefined, kind: 'pv' | 'es') {
    let sizeKw: number | null = null;
    let saved: QuotationItemInput[] | null = null;
    if (projId) {
      const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
      const configs = await this.projects.configs(project.id);
      sizeKw = kind === 'pv' ? pvCapacityKwp(configs.pv) : (configs.es.energyKwh ?? null);
      saved = (kind === 'pv' ? configs.economics.pvQuotation : configs.economics.storageQuotation) ?? null;
    }
    const quantity = (sizeKw ?? 1) * 1000;
    const template = QUOTATION_TEMPLATES[kind];
    const items = template.map((t) => ({ ...t, quantity }));
    const totalYuan = items.reduce((s, item) => s + item.unitPriceYuan * item.quantity, 0);
    return {
      kind,
      sizeKw,
      unit: kind === 'pv' ? 'W' : 'Wh',
      items,
      totalYuan,
      unitPriceYuan: totalYuan / quantity,
      saved,
    };
  }

  /** pv/pv-config/calculateQuoteUnitPrice: totals (VAT per line) and the price per W or Wh. */
  async quoteUnitPrice(principal: Principal, body: QuoteUnitPriceBody) {
    const size = body.kind === 'pv' ? body.capacityKwp : body.energyKwh;
    let totals: ReturnType<typeof capexFromQuotation>;
    try {
      totals = capexFromQuotation(
        body.items.map((item) => ({
          name: item.name,
          amountYuan: item.unitPriceYuan * item.quantity,
          vatRate: item.vatRate,
        })),
      );
    } catch (error) {
      return engineError(error);
    }
    if (body.save) {
      const { project } = await requireProjectAccess(this.db, principal, body.projId, 'edit');
      assertUnlocked(project);
      const configs = await this.projects.configs(project.id);
      const economics = {
        ...configs.economics,
        ...(body.kind === 'pv' ? { pvQuotation: body.items } : { storageQuotation: body.items }),
      };
      await upsertConfig(this.db, project.id, 'economics', economics, principal.user.id, nowIso());
    } else if (body.projId) {
      await requireProjectAccess(this.db, principal, body.projId, 'view');
    }
    return {
      kind: body.kind,
      items: body.items.map((item) => ({ ...item, amountYuan: item.unitPriceYuan * item.quantity })),
      totalYuan: totals.grossYuan,
      inputVatYuan: totals.inputVatYuan,
      netYuan: totals.netYuan,
      unit: body.kind === 'pv' ? 'W' : 'Wh',
      unitPriceYuan: size && size > 0 ? totals.grossYuan / (size * 1000) : null,
      saved: body.save,
    };
  }
}
