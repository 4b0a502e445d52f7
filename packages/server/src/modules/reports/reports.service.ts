import fs from 'node:fs';
import type { Language, ProjectType } from '@pvplan/contract';
import { AppError } from '../../http/app-error';
import type { Principal } from '../auth/principal';
import type { PlansService } from '../projects/plans.service';
import type { ProjectsService } from '../projects/projects.service';
import { renderReportDocx } from './report-docx';
import { buildReportModel, type ReportModel } from './report-model';
import { type ReportFont, renderReportPdf } from './report-pdf';

/** The system CJK font of Debian/Ubuntu's fonts-noto-cjk package. */
export const DEFAULT_REPORT_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** The face used from a .ttc collection (Simplified Chinese). */
export const DEFAULT_REPORT_FONT_FAMILY = 'NotoSansCJKsc-Regular';

/**
 * The report font from REPORT_FONT_PATH (default: the fonts-noto-cjk file). A .ttc collection is
 * read through its Simplified Chinese face; a .ttf / .otf is used as it is.
 */
export function reportFontFromEnv(env: NodeJS.ProcessEnv = process.env): ReportFont {
  const path = env.REPORT_FONT_PATH?.trim() || DEFAULT_REPORT_FONT_PATH;
  return path.toLowerCase().endsWith('.ttc') ? { path, family: DEFAULT_REPORT_FONT_FAMILY } : { path };
}

export type ReportFormat = 'pdf' | 'docx';

export interface ReportFile {
  readonly buffer: Buffer;
  readonly fileName: string;
}

/** Word and PDF reports of a finished plan (spec 001 §7 exportWord / exportPDF, fast/wordExport / exportPdf). */
export class ReportsService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly plans: PlansService,
    private readonly font: ReportFont,
  ) {}

  /** The model of the report; the project must be readable by the caller and the plan finished. */
  async model(
    principal: Principal,
    projId: string | null,
    planId: number | undefined,
    language: Language,
    kind?: ProjectType,
  ): Promise<ReportModel> {
    const project = await this.projects.info(principal, projId); // ownership: ERR_PROJECT_FORBIDDEN
    let result: Awaited<ReturnType<PlansService['result']>>;
    try {
      result = await this.plans.result(principal, project.projId, planId, false, language, kind);
    } catch (error) {
      if (planId === undefined && error instanceof AppError && error.errorName === 'ERR_PLAN_NOT_FOUND')
        throw new AppError('ERR_REPORT_NO_FINISHED_PLAN');
      throw error;
    }
    if (result.plan.status !== 'succeeded' || !result.summary)
      throw new AppError('ERR_REPORT_NO_FINISHED_PLAN');
    return buildReportModel(language, project, result.plan, result.summary, result.warnings, new Date());
  }

  async export(
    format: ReportFormat,
    principal: Principal,
    projId: string | null,
    planId: number | undefined,
    language: Language,
    kind?: ProjectType,
  ): Promise<ReportFile> {
    const font = format === 'pdf' ? this.checkedFont() : null; // a misconfigured server says so first
    const model = await this.model(principal, projId, planId, language, kind);
    const buffer = font ? await renderReportPdf(model, font) : await renderReportDocx(model);
    return { buffer, fileName: `${model.projectName}-${model.title}.${format}` };
  }

  private checkedFont(): ReportFont {
    // The message (zh/en) names the fix: the package fonts-noto-cjk, or REPORT_FONT_PATH.
    if (!fs.existsSync(this.font.path))
      throw new AppError('ERR_REPORT_FONT_MISSING', { path: this.font.path });
    return this.font;
  }
}
