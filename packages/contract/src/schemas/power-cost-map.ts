import { z } from 'zod';
import { ESTIMATE_TOOLS } from '../paths';
import { projectIdSchema } from './common';

/*
 * Tilt × azimuth yield and cost map of a project's PV (spec 001 §7 "PV config": POST
 * pv/pv-config/createPowerCostMap). The spec shows the path only; the body and the answer are ours:
 * the project (body projId, else the projId / projectId header) and an optional grid, and for every
 * orientation of the grid the annual AC yield (kWh/kWp) and the LCOE (yuan/kWh) under the project's
 * PV and economics configs, with the best point.
 */

export const POWER_COST_MAP_PATH = `${ESTIMATE_TOOLS}/pv/pv-config/createPowerCostMap`;

/** Grid bounds keep one map under ~2 s (≤ 46 tilts × 37 azimuths, ~1.3 ms per orientation). */
export const powerCostMapBody = z
  .object({
    projId: projectIdSchema.optional(),
    /** Tilt step, degrees (default 5): tilts 0, step, … up to tiltMaxDeg. */
    tiltStepDeg: z.number().int().min(2).max(30).default(5),
    /** Highest tilt, degrees (default 60). */
    tiltMaxDeg: z.number().int().min(10).max(90).default(60),
    /** Azimuth step, degrees (default 10) over east (90°) … west (270°) (north … south below the equator). */
    azimuthStepDeg: z.number().int().min(5).max(45).default(10),
  })
  .nullish();
export type PowerCostMapBody = z.infer<typeof powerCostMapBody>;

/** One orientation and what it yields. */
export interface PowerCostPoint {
  readonly tiltDeg: number;
  /** Degrees clockwise from north (180 = south). */
  readonly azimuthDeg: number;
  /** Annual AC energy per kWp of DC nameplate, first year, kWh/kWp. */
  readonly yieldKwhPerKwp: number;
  /** Annual plane-of-array irradiation, kWh/m². */
  readonly poaGlobalKwhM2: number;
  /** Levelised cost of energy over the project life, yuan/kWh; null when it cannot be defined. */
  readonly lcoeYuanPerKwh: number | null;
}

export interface PowerCostMap {
  readonly projId: string;
  /** DC capacity the LCOE is computed for, kWp. */
  readonly capacityKwp: number;
  readonly weatherSource: string;
  readonly tiltsDeg: number[];
  readonly azimuthsDeg: number[];
  /** Row-major [tiltIndex × azimuths + azimuthIndex], like the engine's orientation table. */
  readonly yieldKwhPerKwp: number[];
  readonly poaGlobalKwhM2: number[];
  readonly lcoeYuanPerKwh: (number | null)[];
  /** The grid cell of the highest yield (lowest LCOE). */
  readonly best: PowerCostPoint & { readonly tiltIndex: number; readonly azimuthIndex: number };
  /** The orientation of maximum irradiation refined between grid cells (engine bestOrientation). */
  readonly refined: PowerCostPoint;
  /** The orientation the project's PV config uses (its tilt, or the best tilt when it asks for it). */
  readonly current: PowerCostPoint;
}
