import { type CleanedLoad, cleanLoadGrid, type FillRule } from './clean.js';
import { type GridReport, gridLoadPoints, type LoadGrid, REPORT_EXAMPLES, sumLoadGrids } from './grid.js';
import { concatLoadPoints } from './parse.js';
import { formatLocalMinutes } from './timestamp.js';
import { type LoadColumnMapping, LoadFileError, type LoadPoints } from './types.js';

/** One parsed file: its points by meter and the mapping it was read with. */
export interface ParsedLoadFile {
  readonly points: ReadonlyMap<string, LoadPoints>;
  readonly mapping: Pick<LoadColumnMapping, 'stepMinutes' | 'timeLabel' | 'quantity'>;
}

/** A raw grid and its cleaned series: the grid is kept so a new fill rule can be applied later. */
export interface AssembledLoad {
  readonly grid: LoadGrid;
  readonly cleaned: CleanedLoad;
  /** The meters summed into the site load. */
  readonly serials: readonly string[];
}

/** The non-gap steps of a grid back as power points (interval starts, kW). */
function gridPoints(g: LoadGrid): LoadPoints {
  const n = g.kw.length;
  let k = 0;
  for (let i = 0; i < n; i++) if (g.rows[i]! > 0) k++;
  const out = {
    minutes: new Float64Array(k),
    values: new Float64Array(k),
    rows: new Int32Array(k),
    sources: new Uint16Array(k),
    length: k,
  };
  const step = g.timeBase.stepMinutes;
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (g.rows[i]! === 0) continue;
    out.minutes[j] = g.startMinutes + i * step;
    out.values[j] = g.kw[i]!;
    out.rows[j] = g.rows[i]!;
    out.sources[j] = g.sources[i]!;
    j++;
  }
  return out;
}

function mergeReports(a: GridReport, b: GridReport): GridReport {
  return {
    points: a.points,
    unorderedCount: a.unorderedCount + b.unorderedCount,
    unordered: [...a.unordered, ...b.unordered].slice(0, REPORT_EXAMPLES),
    duplicateCount: a.duplicateCount + b.duplicateCount,
    conflictingDuplicateCount: a.conflictingDuplicateCount + b.conflictingDuplicateCount,
    duplicates: [...a.duplicates, ...b.duplicates].slice(0, REPORT_EXAMPLES),
    duplicatePolicy: a.duplicatePolicy,
  };
}

const EMPTY_REPORT = (policy: FillRule['duplicates']): GridReport => ({
  points: 0,
  unorderedCount: 0,
  unordered: [],
  duplicateCount: 0,
  conflictingDuplicateCount: 0,
  duplicates: [],
  duplicatePolicy: policy,
});

/**
 * From parsed files to a cleaned site load.
 * 1. Each file's meters are gridded with that file's interval, time label and quantity (so files may
 *    differ in layout, kWh/kW and start/end labels).
 * 2. The grids of one meter from several files are joined in time order and gridded again (a time
 *    found in two files is a repeated timestamp, resolved by the rule); files of different intervals
 *    are a change of interval (error naming the file's first row).
 * 3. The meters are summed (`sumLoadGrids`) and the sum is cleaned (`cleanLoadGrid`).
 * @throws LoadFileError from gridding and cleaning
 */
export function assembleLoadSeries(files: readonly ParsedLoadFile[], rule: FillRule): AssembledLoad {
  const perSerial = new Map<string, LoadGrid[]>();
  for (const file of files) {
    for (const [serial, points] of file.points) {
      if (points.length === 0) continue;
      const g = gridLoadPoints(points, {
        stepMinutes: file.mapping.stepMinutes,
        timeLabel: file.mapping.timeLabel,
        quantity: file.mapping.quantity,
        duplicates: rule.duplicates,
      });
      const list = perSerial.get(serial) ?? [];
      list.push(g);
      perSerial.set(serial, list);
    }
  }
  const serials = [...perSerial.keys()].sort();
  if (serials.length === 0) throw new LoadFileError({ kind: 'too_few_points', count: 0 }, 'no data points');
  const grids = serials.map((serial) => {
    const list = perSerial.get(serial)!;
    if (list.length === 1) return list[0]!;
    list.sort((a, b) => a.startMinutes - b.startMinutes);
    const step = list[0]!.timeBase.stepMinutes;
    for (const g of list) {
      if (g.timeBase.stepMinutes !== step) {
        const i = g.rows.findIndex((r) => r > 0);
        throw new LoadFileError(
          {
            kind: 'mixed_interval',
            row: g.rows[i]!,
            fromMinutes: step,
            toMinutes: g.timeBase.stepMinutes,
            source: g.sources[i]!,
          },
          `the files have different intervals (${step} and ${g.timeBase.stepMinutes} minutes, from ${formatLocalMinutes(g.startMinutes)})`,
        );
      }
    }
    const joined = gridLoadPoints(concatLoadPoints(list.map(gridPoints)), {
      stepMinutes: step,
      timeLabel: 'start',
      quantity: 'power',
      duplicates: rule.duplicates,
    });
    const fileReports = list.reduce((r, g) => mergeReports(r, g.report), EMPTY_REPORT(rule.duplicates));
    return {
      ...joined,
      report: {
        ...mergeReports(fileReports, joined.report),
        points: list.reduce((s, g) => s + g.report.points, 0),
      },
    };
  });
  const grid = sumLoadGrids(grids);
  return { grid, cleaned: cleanLoadGrid(grid, rule), serials };
}
