import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  PageBreak,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import sharp from 'sharp';
import { chartSvg, layoutChart } from './charts';
import { columnAlign, type KeyValue, type ReportModel, type ReportTable } from './report-model';

/** The font family the chart SVGs ask fontconfig for (the system Noto CJK). */
const CHART_FONT_FAMILY = 'Noto Sans CJK SC';
/** Chart size in the document, pixels at 96 dpi (the layout's points × 600/495). */
const CHART_WIDTH_PX = 600;
const FONT = { ascii: 'Arial', hAnsi: 'Arial', eastAsia: 'Microsoft YaHei' } as const;

function cell(text: string, options: { header?: boolean; right?: boolean; widthPct: number }): TableCell {
  return new TableCell({
    width: { size: options.widthPct, type: WidthType.PERCENTAGE },
    ...(options.header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'E8EEF7' } } : {}),
    children: [
      new Paragraph({
        alignment: options.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun({ text, size: 17, font: FONT, bold: options.header ?? false })],
      }),
    ],
  });
}

function table(data: ReportTable): Table {
  const total = data.widths.reduce((s, w) => s + w, 0);
  const pct = data.widths.map((w) => (w / total) * 100);
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: data.header.map((h, i) =>
          cell(h, { header: true, right: columnAlign(data, i) === 'right', widthPct: pct[i] ?? 10 }),
        ),
      }),
      ...data.rows.map(
        (row) =>
          new TableRow({
            children: row.map((c, i) =>
              cell(c, { right: columnAlign(data, i) === 'right', widthPct: pct[i] ?? 10 }),
            ),
          }),
      ),
    ],
  });
}

function keyValueTable(rows: KeyValue[], text: { item: string; value: string }): Table {
  return table({
    header: [text.item, text.value],
    rows: rows.map((r) => [r.label, r.value]),
    widths: [1, 1.6],
    align: ['left', 'left'],
  });
}

function heading(text: string): Paragraph {
  return new Paragraph({
    heading: HeadingLevel.HEADING_1,
    spacing: { before: 240, after: 120 },
    children: [new TextRun({ text, font: FONT })],
  });
}

function plain(text: string, options: { size?: number; center?: boolean; bold?: boolean } = {}): Paragraph {
  return new Paragraph({
    alignment: options.center ? AlignmentType.CENTER : AlignmentType.LEFT,
    spacing: { after: 120 },
    children: [new TextRun({ text, font: FONT, size: options.size ?? 21, bold: options.bold ?? false })],
  });
}

/** A chart as a PNG (its SVG rasterised by sharp / librsvg, 2 px per point). */
export async function chartPng(model: ReportModel, index: number): Promise<Buffer> {
  const chart = model.charts[index];
  if (!chart) throw new Error(`no chart ${index}`);
  const layout = layoutChart(chart.spec);
  return sharp(Buffer.from(chartSvg(layout, CHART_FONT_FAMILY, 2)))
    .png()
    .toBuffer();
}

/** The report as a Word document (.docx): the same sections as the PDF, charts as PNG images. */
export async function renderReportDocx(model: ReportModel): Promise<Buffer> {
  const t = model.text;
  const charts: Paragraph[] = [];
  for (let i = 0; i < model.charts.length; i++) {
    const chart = model.charts[i];
    if (!chart) continue;
    const layout = layoutChart(chart.spec);
    const png = await chartPng(model, i);
    charts.push(
      plain(chart.caption, { center: true }),
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new ImageRun({
            type: 'png',
            data: png,
            transformation: {
              width: CHART_WIDTH_PX,
              height: Math.round((CHART_WIDTH_PX * layout.heightPt) / layout.widthPt),
            },
            altText: { name: chart.caption, description: chart.caption, title: chart.caption },
          }),
        ],
      }),
    );
  }
  const body = [
    new Paragraph({ spacing: { before: 3000 } }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      heading: HeadingLevel.TITLE,
      children: [new TextRun({ text: model.title, font: FONT, size: 44, bold: true })],
    }),
    plain(model.projectName, { center: true, size: 32 }),
    new Paragraph({ spacing: { before: 1200 } }),
    ...model.cover.map((row) => plain(`${row.label}：${row.value}`, { center: true, size: 22 })),
    new Paragraph({ spacing: { before: 1200 } }),
    plain(t.coverNote, { center: true, size: 18 }),
    new Paragraph({ children: [new PageBreak()] }),
    heading(t.sectionProject),
    keyValueTable(model.project, t),
    heading(t.sectionHeadline),
    keyValueTable(model.headline, t),
    heading(t.sectionAssumptions),
    keyValueTable(model.assumptions, t),
    heading(t.sectionCharts),
    ...charts,
    heading(t.sectionMonthly),
    table(model.monthly),
    heading(model.cashFlowHeading),
    table(model.cashFlow),
    ...(model.warnings.length > 0
      ? [heading(t.sectionWarnings), ...model.warnings.map((w) => plain(`• ${w}`, { size: 18 }))]
      : []),
  ];
  const doc = new Document({
    creator: 'PVPlan',
    title: `${model.title} - ${model.projectName}`,
    styles: { default: { document: { run: { font: FONT } } } },
    sections: [{ children: body }],
  });
  return Packer.toBuffer(doc);
}
