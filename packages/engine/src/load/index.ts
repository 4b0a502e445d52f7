/**
 * Load data: header detection and parsing of already-read rows (CSV/XLSX), gridding, cleaning with
 * fill rules and a report, statistics, synthetic profiles from monthly bills, and monthly-energy
 * tables. Pure functions, no I/O. See README.md.
 */
export type { AssembledLoad, ParsedLoadFile } from './assemble.js';
export { assembleLoadSeries } from './assemble.js';
export type { CleanedLoad, CleaningReport, FillMethod, FillRule, LoadGapRef } from './clean.js';
export {
  cleanLoadGrid,
  DEFAULT_FILL_RULE,
  fillMissing,
  LOAD_FLAG_GAP,
  LOAD_FLAG_MEASURED,
  LOAD_FLAG_MISSING,
  LOAD_FLAG_NEGATIVE,
  LOAD_FLAG_OUTLIER,
  LOAD_FLAG_SYNTHETIC,
  quantileSorted,
  upperFenceKw,
} from './clean.js';
export type { DuplicatePolicy, GridOptions, GridReport, LoadGrid } from './grid.js';
export { gridLoadPoints, REPORT_EXAMPLES, sumLoadGrids } from './grid.js';
export type { LoadColumnInfo, LoadColumnRole, LoadDetectionNotice, LoadHeaderDetection } from './header.js';
export { detectLoadHeader, unitFromText } from './header.js';
export type { MonthlyTableCoordinate, MonthlyTableRow } from './monthly.js';
export { detectMonthlyEnergyTable, parseMonthCell, readMonthlyEnergyTable } from './monthly.js';
export {
  cellText,
  concatLoadPoints,
  LoadRowParser,
  parseLoadTable,
  parseNumberCell,
  unitFactor,
} from './parse.js';
export type {
  LoadHeatmap,
  LoadStatistics,
  MonthlyLoadStats,
  MonthlyTouEnergy,
  TypicalDayCurve,
} from './stats.js';
export { energyByTouPeriod, loadHeatmap, loadStatistics } from './stats.js';
export type {
  IndustryProfile,
  IndustryProfileId,
  MonthlyEnergyInput,
  SyntheticLoad,
  SyntheticLoadOptions,
  SyntheticLoadReport,
} from './synthetic.js';
export { INDUSTRY_PROFILES, synthesiseLoadProfile } from './synthetic.js';
export {
  dayFields,
  formatLocalDate,
  formatLocalMinutes,
  isHour24Text,
  isTimeRangeText,
  localDateTimeOfMinutes,
  localMinutesOf,
  localMinutesOfDateTime,
  MINUTES_PER_DAY,
  parseDateCell,
  parseDateTimeCell,
  parseTimeCell,
} from './timestamp.js';
export type {
  DateOrder,
  LoadCell,
  LoadColumnMapping,
  LoadIssue,
  LoadPointRef,
  LoadPoints,
  LoadQuantity,
  LoadRowRef,
  LoadSeriesKw,
  LoadStepMinutes,
  LoadTable,
  LoadUnit,
  TimeLabel,
} from './types.js';
export { columnLetter, LoadFileError } from './types.js';
