/** The reactive compensation assessment of a PV project (tab of the PV and PV+storage result pages). */
export { ReactivePowerPanel } from './ReactivePowerPanel';
export { REACTIVE_TAB, ResultWithReactiveTab } from './ResultTabs';
