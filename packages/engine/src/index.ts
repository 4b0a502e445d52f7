/**
 * @pvplan/engine public surface: pure, deterministic PV models (no I/O).
 * One namespace-free export list per domain folder; see README.md and NOMENCLATURE.md.
 */

export * from './climate/index.js';
export * from './economics/index.js';
export { EngineInputError, type EngineInputErrorCode } from './errors.js';
export * from './irradiance/index.js';
export * from './load/index.js';
export * from './pv/index.js';
export * from './scenario/index.js';
export * from './solar/index.js';
export * from './storage/index.js';
export * from './tariff/index.js';
export * from './weather/index.js';
