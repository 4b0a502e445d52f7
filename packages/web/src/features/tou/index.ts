/** The TOU table editor (spec 001 §3, §5) and its pure helpers, for the price search and project pages. */
export { TouTableEditor, type TouTableEditorProps } from './TouTableEditor';
export {
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
