import { z } from 'zod';
import { idSchema, projectIdSchema } from './common';

/*
 * Income assessment reports (spec 001 §7: early/exportWord, early/exportPDF, fast/wordExport,
 * fast/exportPdf — blob answers, header questTime). The spec shows no payload; ours: the project
 * (body projId, else the projId / projectId header) and optionally the plan version (planId or its
 * alias hisId); without one, the project's current plan (the latest quick estimate for fast/*).
 * The language of the report follows Accept-Language (zh-CN unless it asks for en).
 */
export const reportExportBody = z
  .object({
    projId: projectIdSchema.optional(),
    planId: idSchema.optional(),
    hisId: idSchema.optional(),
  })
  .nullish();
export type ReportExportBody = z.infer<typeof reportExportBody>;

export const REPORT_DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const REPORT_PDF_MIME = 'application/pdf';
