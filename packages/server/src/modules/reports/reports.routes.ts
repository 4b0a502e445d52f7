import { ESTIMATE_TOOLS, REPORT_DOCX_MIME, REPORT_PDF_MIME, reportExportBody } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../http/request-context';
import { type ReportFormat, ReportsService, reportFontFromEnv } from './reports.service';

/** The spec's report exports (001 §7: early/exportWord, exportPDF; fast/wordExport, exportPdf). */
export const REPORT_PATHS = {
  exportWord: `${ESTIMATE_TOOLS}/early/exportWord`,
  exportPDF: `${ESTIMATE_TOOLS}/early/exportPDF`,
  fastWordExport: `${ESTIMATE_TOOLS}/fast/wordExport`,
  fastExportPdf: `${ESTIMATE_TOOLS}/fast/exportPdf`,
} as const;

export async function reportsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { projects, plans } = app.services.projectServices;
  const reports = new ReportsService(projects, plans, reportFontFromEnv());
  const preHandler = app.authenticate;
  const tags = ['reports'];

  // A blob on success; the {code, msg, data} envelope on failure (the client reads it, spec 001 §7).
  const route = (url: string, format: ReportFormat, fast: boolean, summary: string) =>
    app.post(
      url,
      { schema: { tags, summary, body: reportExportBody }, preHandler },
      async (request, reply) => {
        const body = request.body ?? {};
        const file = await reports.export(
          format,
          principalOf(request),
          body.projId ?? request.ctx.projectId,
          body.planId ?? body.hisId,
          request.ctx.language,
          fast ? 'fast' : undefined,
        );
        return reply
          .header('content-type', format === 'pdf' ? REPORT_PDF_MIME : REPORT_DOCX_MIME)
          .header(
            'content-disposition',
            `attachment; filename="report.${format}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .send(file.buffer);
      },
    );
  route(REPORT_PATHS.exportWord, 'docx', false, 'Income assessment report as Word (.docx)');
  route(REPORT_PATHS.exportPDF, 'pdf', false, 'Income assessment report as PDF');
  route(REPORT_PATHS.fastWordExport, 'docx', true, 'Quick storage estimate report as Word (.docx)');
  route(REPORT_PATHS.fastExportPdf, 'pdf', true, 'Quick storage estimate report as PDF');
}
