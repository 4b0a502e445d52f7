export { aoiDeg, aoiProjection } from './aoi.js';
export type { ClearskyIrradiance, IneichenPerezOptions } from './clearsky.js';
export { clearskyHaurwitz, clearskyIneichenPerez, linkeTurbidityForMonth } from './clearsky.js';
export type { IrradianceComponents } from './decomposition.js';
export { clearnessIndex, decomposeErbs, dniFromClosure } from './decomposition.js';
export type { DirintOptions } from './dirint.js';
export { clearnessIndexZenithIndependent, decomposeDirint, dirintCoefficient } from './dirint.js';
export type { DiscOptions, DiscResult } from './disc.js';
export { decomposeDisc, discKn } from './disc.js';
export type { IamModel, IamPhysicalParams } from './iam.js';
export { iamAshrae, iamMartinRuiz, iamPhysical } from './iam.js';
export type { PerezCoefficientSet } from './perezCoefficients.js';
export { PEREZ_COEFFICIENTS, PEREZ_EPSILON_BIN_EDGES } from './perezCoefficients.js';
export type { PerezResult, SkyDiffuseInput, TranspositionModel } from './transposition.js';
export {
  poaBeam,
  poaGroundDiffuse,
  poaSkyDiffuse,
  poaSkyDiffuseHayDavies,
  poaSkyDiffuseIsotropic,
  poaSkyDiffuseKing,
  poaSkyDiffuseKlucher,
  poaSkyDiffusePerez,
  poaSkyDiffusePerezDetailed,
  poaSkyDiffuseReindl,
  TRANSPOSITION_MODELS,
} from './transposition.js';
