import PDFDocument from 'pdfkit';
import { type ChartLayout, layoutChart } from './charts';
import { columnAlign, type KeyValue, type ReportModel, type ReportTable } from './report-model';

/** The font of a report: a file (a .ttc collection needs the face's PostScript name). */
export interface ReportFont {
  readonly path: string;
  readonly family?: string;
}

const MARGIN = 50;
const PAGE_W = 595.28;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const PAGE_BOTTOM = 841.89 - MARGIN;

type Doc = PDFKit.PDFDocument;

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > PAGE_BOTTOM) doc.addPage();
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.6).fontSize(14).fillColor('#1f3864').text(text, MARGIN, doc.y).moveDown(0.3);
  doc.fillColor('#000000');
}

function drawTable(doc: Doc, table: ReportTable, fontSize: number): void {
  const totalWeight = table.widths.reduce((s, w) => s + w, 0);
  const widths = table.widths.map((w) => (w / totalWeight) * CONTENT_W);
  const pad = 3;
  doc.fontSize(fontSize);
  const rowHeight = (cells: string[]) =>
    Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (widths[i] ?? 50) - 2 * pad }))) + 2 * pad;
  const drawRow = (cells: string[], header: boolean) => {
    const hgt = rowHeight(cells);
    let x = MARGIN;
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, CONTENT_W, hgt).fill('#e8eef7');
    doc.fillColor('#000000');
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 50;
      doc.text(cell, x + pad, y + pad, { width: w - 2 * pad, align: columnAlign(table, i) });
      x += w;
    });
    doc
      .moveTo(MARGIN, y + hgt)
      .lineTo(MARGIN + CONTENT_W, y + hgt)
      .lineWidth(0.4)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + hgt;
  };
  ensureSpace(doc, rowHeight(table.header) * 2);
  drawRow(table.header, true);
  for (const row of table.rows) {
    if (doc.y + rowHeight(row) > PAGE_BOTTOM) {
      doc.addPage();
      drawRow(table.header, true); // the header again on every page
    }
    drawRow(row, false);
  }
  doc.moveDown(0.5);
}

function keyValues(doc: Doc, rows: KeyValue[], text: { item: string; value: string }): void {
  drawTable(
    doc,
    {
      header: [text.item, text.value],
      rows: rows.map((r) => [r.label, r.value]),
      widths: [1, 1.6],
      align: ['left', 'left'],
    },
    9,
  );
}

function drawChart(doc: Doc, layout: ChartLayout, originX: number, originY: number): void {
  for (const q of layout.primitives) {
    switch (q.type) {
      case 'rect':
        doc.rect(originX + q.x, originY + q.y, q.w, q.h).fill(q.fill);
        break;
      case 'line':
        doc
          .moveTo(originX + q.x1, originY + q.y1)
          .lineTo(originX + q.x2, originY + q.y2)
          .lineWidth(q.width)
          .strokeColor(q.stroke)
          .stroke();
        break;
      case 'polyline': {
        const [first, ...rest] = q.points;
        if (!first) break;
        doc.moveTo(originX + first[0], originY + first[1]);
        for (const [x, y] of rest) doc.lineTo(originX + x, originY + y);
        doc.lineWidth(q.width).strokeColor(q.stroke).stroke();
        break;
      }
      case 'circle':
        doc.circle(originX + q.cx, originY + q.cy, q.r).fill(q.fill);
        break;
      case 'text': {
        doc.fontSize(q.size).fillColor(q.color);
        const w = doc.widthOfString(q.text);
        const hgt = doc.currentLineHeight();
        const dx = q.anchor === 'start' ? 0 : q.anchor === 'middle' ? -w / 2 : -w;
        const x = originX + q.x;
        const y = originY + q.y;
        if (q.vertical) {
          doc.save().rotate(-90, { origin: [x, y] });
          doc.text(q.text, x + dx, y - hgt / 2, { lineBreak: false });
          doc.restore();
        } else doc.text(q.text, x + dx, y - hgt / 2, { lineBreak: false });
        break;
      }
    }
  }
  doc.fillColor('#000000').strokeColor('#000000');
}

/** The report as a PDF (A4, real CJK text in the embedded font, charts as vector graphics). */
export function renderReportPdf(model: ReportModel, font: ReportFont): Promise<Buffer> {
  const t = model.text;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${model.title} - ${model.projectName}`, Author: 'PVPlan' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font.family) doc.registerFont('report', font.path, font.family);
  else doc.registerFont('report', font.path);
  doc.font('report');

  // Cover.
  doc.y = 220;
  doc
    .fontSize(24)
    .fillColor('#1f3864')
    .text(model.title, MARGIN, doc.y, { width: CONTENT_W, align: 'center' });
  doc.moveDown(0.6).fontSize(16).fillColor('#000000');
  doc.text(model.projectName, { width: CONTENT_W, align: 'center' });
  doc.moveDown(3).fontSize(11);
  for (const row of model.cover)
    doc.text(`${row.label}：${row.value}`, MARGIN + 100, doc.y, { width: CONTENT_W - 200 });
  doc
    .moveDown(4)
    .fontSize(9)
    .fillColor('#666666')
    .text(t.coverNote, MARGIN, doc.y, { width: CONTENT_W, align: 'center' });
  doc.fillColor('#000000');

  doc.addPage();
  heading(doc, t.sectionProject);
  keyValues(doc, model.project, t);
  heading(doc, t.sectionHeadline);
  keyValues(doc, model.headline, t);
  heading(doc, t.sectionAssumptions);
  keyValues(doc, model.assumptions, t);

  heading(doc, t.sectionCharts);
  for (const chart of model.charts) {
    const layout = layoutChart(chart.spec, CONTENT_W, 220);
    ensureSpace(doc, layout.heightPt + 30);
    doc.fontSize(10).text(chart.caption, MARGIN, doc.y, { width: CONTENT_W, align: 'center' });
    const top = doc.y + 4;
    drawChart(doc, layout, MARGIN, top);
    doc.x = MARGIN;
    doc.y = top + layout.heightPt + 10;
  }

  heading(doc, t.sectionMonthly);
  drawTable(doc, model.monthly, 8.5);
  heading(doc, model.cashFlowHeading);
  drawTable(doc, model.cashFlow, 7.5);
  if (model.warnings.length > 0) {
    heading(doc, t.sectionWarnings);
    doc.fontSize(9);
    for (const w of model.warnings) doc.text(`• ${w}`, MARGIN, doc.y, { width: CONTENT_W });
  }

  // Page numbers (not on the cover).
  const range = doc.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits below the body's bottom margin
    doc
      .fontSize(8)
      .fillColor('#888888')
      .text(t.page.replace('{page}', String(i + 1)), MARGIN, 841.89 - 35, {
        width: CONTENT_W,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
