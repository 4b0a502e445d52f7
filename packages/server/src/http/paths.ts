/** Prefix of the estimate-tools service (spec 001 §7: paths are relative to it unless stated). */
export const ESTIMATE_TOOLS = '/estimate-tools/estimate-tools';
