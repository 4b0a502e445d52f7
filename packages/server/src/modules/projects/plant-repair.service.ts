import {
  formatMessage,
  type Language,
  type PlantRepairItem,
  type PlantRepairView,
  type QuotationItemInput,
  type UploadPlantRepairBody,
} from '@pvplan/contract';
import type { ProjectPlantRepairRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { Db } from '../users/user.repository';
import { pvCapacityKwp } from './configs';
import { assertUnlocked, requireProjectAccess } from './project-access';
import { findPlantRepair, upsertPlantRepair } from './project-files.repository';
import { attachmentView, type ProjectFilesService } from './project-files.service';
import { upsertConfig } from './projects.repository';
import type { ProjectsService } from './projects.service';
import { checkFreeTexts, checkNames } from './text-checks';

/*
 * The roof repair of a factory before PV goes on it (厂房屋面修缮: spec 001 §7 "PV config"
 * uploadPlantRepair / queryPlantRepair): repair items with area (m²) and unit price (yuan/m², VAT
 * incl.), their amounts and total, a remark and attached photos or documents (project files). The
 * repair cost can enter the PV capex as one line of the project's itemised PV quotation.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

const namesOf = (key: 'project.quotation.roofRepair' | 'project.quotation.pvTurnkey') =>
  new Set((['zh-CN', 'en'] as const).map((language) => formatMessage(language, key)));
/** Names the repair line has in either language (to find it again in a saved quotation). */
const REPAIR_LINE_NAMES = namesOf('project.quotation.roofRepair');
/** Names of the turnkey line this service writes when there was no quotation. */
const TURNKEY_LINE_NAMES = namesOf('project.quotation.pvTurnkey');

/** The repair as one quotation line: a lot at the repair's total (amount = total, its own VAT rate). */
export function repairQuotationItem(
  repair: { readonly totalYuan: number; readonly vatRate: number },
  language: Language,
): QuotationItemInput {
  return {
    name: formatMessage(language, 'project.quotation.roofRepair'),
    unitPriceYuan: repair.totalYuan,
    quantity: 1,
    unit: formatMessage(language, 'project.quotation.lot'),
    vatRate: repair.vatRate,
  };
}

/**
 * The PV quotation with the repair line put in (replacing an earlier one) or taken out. Without a
 * saved quotation, the turnkey price becomes its first line (capacity W × yuan/W), so the capex only
 * grows by the repair; taking the repair out again removes that turnkey line too.
 * @returns null when a line must be added but the PV capacity is unknown (no base for the turnkey line)
 */
export function quotationWithRepair(
  quotation: readonly QuotationItemInput[] | undefined,
  repairLine: QuotationItemInput | null,
  turnkey: { readonly capacityKwp: number | null; readonly yuanPerW: number },
  language: Language,
): QuotationItemInput[] | null {
  const others = (quotation ?? []).filter((item) => !REPAIR_LINE_NAMES.has(item.name));
  if (!repairLine) {
    // Only the turnkey line this service wrote is left: back to the plain yuan/W price.
    return others.length === 1 && TURNKEY_LINE_NAMES.has(others[0]?.name ?? '') ? [] : others;
  }
  if (others.length === 0) {
    if (turnkey.capacityKwp === null) return null;
    others.push({
      name: formatMessage(language, 'project.quotation.pvTurnkey'),
      unitPriceYuan: turnkey.yuanPerW,
      quantity: turnkey.capacityKwp * 1000,
      unit: 'W',
      vatRate: 0.13,
    });
  }
  return [...others, repairLine];
}

export class PlantRepairService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsService,
    private readonly files: ProjectFilesService,
  ) {}

  private async view(row: ProjectPlantRepairRow, language: Language): Promise<PlantRepairView> {
    const items = JSON.parse(row.items_json) as PlantRepairItem[];
    const fileIds = JSON.parse(row.file_ids_json) as number[];
    // Attachments deleted since (early/deleteFile) drop out of the repair.
    const files = [];
    for (const id of fileIds) {
      const live = await this.files.liveAttachments(row.proj_id, [id]);
      if (live?.[0]) files.push(attachmentView(live[0]));
    }
    const totalYuan = Number(row.total_yuan);
    const vatRate = Number(row.vat_rate);
    return {
      projId: String(row.proj_id),
      items: items.map((item) => ({ ...item, amountYuan: round2(item.areaM2 * item.unitPriceYuanPerM2) })),
      totalAreaM2: Number(row.total_area_m2),
      totalYuan,
      remark: row.remark,
      vatRate,
      includeInCapex: row.include_in_capex === 1,
      files,
      quotationItem: repairQuotationItem({ totalYuan, vatRate }, language),
      updatedBy: row.updated_by_name,
      updateTime: row.updated_at,
    };
  }

  /** pv/pv-config/uploadPlantRepair: saves (replaces) the project's roof repair. */
  async save(
    principal: Principal,
    projId: string | null,
    body: Omit<UploadPlantRepairBody, 'projId'>,
    language: Language,
  ): Promise<PlantRepairView> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    assertUnlocked(project);
    checkNames(...body.items.map((item) => item.name));
    checkFreeTexts(body.remark, ...body.items.map((item) => item.remark));
    const fileIds = [...new Set(body.fileIds)];
    if (!(await this.files.liveAttachments(project.id, fileIds)))
      throw new AppError('ERR_PROJECT_FILE_NOT_FOUND');
    const totalAreaM2 = round2(body.items.reduce((sum, item) => sum + item.areaM2, 0));
    const totalYuan = round2(
      body.items.reduce((sum, item) => sum + item.areaM2 * item.unitPriceYuanPerM2, 0),
    );
    const now = nowIso();
    const configs = await this.projects.configs(project.id);
    const previous = await findPlantRepair(this.db, project.id);
    let quotation: QuotationItemInput[] | null | undefined;
    if (body.includeInCapex || previous?.include_in_capex === 1) {
      quotation = quotationWithRepair(
        configs.economics.pvQuotation,
        body.includeInCapex ? repairQuotationItem({ totalYuan, vatRate: body.vatRate }, language) : null,
        { capacityKwp: pvCapacityKwp(configs.pv), yuanPerW: configs.economics.pvCapexYuanPerW },
        language,
      );
      if (quotation === null) throw new AppError('ERR_PROJECT_PV_REQUIRED');
    }
    await this.db.transaction().execute(async (trx) => {
      await upsertPlantRepair(trx, {
        proj_id: project.id,
        items_json: JSON.stringify(body.items),
        remark: body.remark || null,
        file_ids_json: JSON.stringify(fileIds),
        total_area_m2: totalAreaM2,
        total_yuan: totalYuan,
        vat_rate: body.vatRate,
        include_in_capex: body.includeInCapex ? 1 : 0,
        updated_by: principal.user.id,
        updated_by_name: principal.user.user_name,
        created_at: now,
        updated_at: now,
      });
      if (quotation) {
        const economics = { ...configs.economics, pvQuotation: quotation };
        if (quotation.length === 0) delete (economics as { pvQuotation?: unknown }).pvQuotation;
        await upsertConfig(trx, project.id, 'economics', economics, principal.user.id, now);
      }
    });
    const saved = await findPlantRepair(this.db, project.id);
    if (!saved) throw new Error(`plant repair of project ${project.id} vanished after saving`);
    return this.view(saved, language);
  }

  /** pv/pv-config/queryPlantRepair?projId=: the saved roof repair, or null. */
  async query(
    principal: Principal,
    projId: string | null,
    language: Language,
  ): Promise<PlantRepairView | null> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    const row = await findPlantRepair(this.db, project.id);
    return row ? this.view(row, language) : null;
  }
}
