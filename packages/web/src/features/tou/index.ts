/**
 * The TOU table editor (spec 001 §3, §5), the calendar-override editor, and their pure helpers, for
 * the price search and project pages.
 */
export { TouOverridesEditor, type TouOverridesEditorProps } from './TouOverridesEditor';
export { TouTableEditor, type TouTableEditorProps } from './TouTableEditor';
export {
  clockText,
  copyMonth,
  effectiveTouTable,
  hideHalfHours,
  paintSlots,
  periodHours,
  revealHalfHours,
  showsHalfHours,
  slotTime,
  TOU_PERIOD_COLORS,
  TOU_PERIOD_ORDER,
  type TouSlot,
  type TouTable,
  uniformTouTable,
} from './touGrid';
export {
  capitalised,
  describeDays,
  describeRanges,
  describeRule,
  hourClock,
  monthShortName,
  newOverride,
  overridesValid,
  parseDateList,
  periodsOfRule,
  type TouOverride,
  type Translate,
} from './touOverrides';
