import type { CalculationStarted, PriceUserCategory, PriceVoltageLevel } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getProjectWithConfigs } from '../../../api/assessmentResults';
import { getAreaPriceInfo, getCityPosition } from '../../../api/price';
import { getFastPrices, getJob } from '../../../api/projects';
import { ASSESSMENT_QUERY_KEY } from '../../../features/assessment/keys';
import { PRICE_QUERY_KEY } from '../priceSearch/hooks';
import { cascaderPathOf } from './components/addressSearch';
import type { FastEstimateValues } from './components/fastEstimate';
import type { FlowVariant, NewAssessmentValues } from './components/flowValues';
import {
  fastValuesOfSaved,
  flowValuesOfSaved,
  flowVariantOf,
  type SavedFastProject,
  type SavedProject,
} from './components/savedValues';

/** How often a running calculation is polled. */
export const CALCULATION_POLL_MS = 1000;

/** The area's TOU table and agency prices for a category and voltage (null fields when it has none). */
export function useAreaPrice(
  areaCode: string | null | undefined,
  userCategory: PriceUserCategory | undefined,
  voltageLevel: PriceVoltageLevel | undefined,
) {
  return useQuery({
    queryKey: [...PRICE_QUERY_KEY, 'areaPrice', areaCode, userCategory ?? null, voltageLevel ?? null],
    queryFn: ({ signal }) =>
      getAreaPriceInfo(
        {
          areaCode: areaCode as string,
          ...(userCategory ? { userCategory } : {}),
          ...(voltageLevel ? { voltageLevel } : {}),
        },
        signal,
      ),
    enabled: Boolean(areaCode),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export interface CalculationState {
  readonly running: boolean;
  /** 0–100 of the job. */
  readonly progress: number;
  /** The job's failure text; null while none. */
  readonly failure: string | null;
}

/**
 * Runs a calculation: `start` saves what it needs and starts the job, then the job is polled
 * (GET /api/jobs/{jobId}) until it ends. Resolves with the started plan when the job succeeded,
 * null when it failed (see `failure`) or the component went away; a rejected call rejects.
 */
export function useCalculationRunner() {
  const [state, setState] = useState<CalculationState>({ running: false, progress: 0, failure: null });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = useCallback(
    async (
      start: () => Promise<CalculationStarted>,
      failureText: (error: string) => string,
    ): Promise<CalculationStarted | null> => {
      setState({ running: true, progress: 0, failure: null });
      try {
        const started = await start();
        for (;;) {
          if (!alive.current) return null;
          const job = await getJob(started.jobId);
          if (!alive.current) return null;
          setState((current) => ({ ...current, progress: job.progress }));
          if (job.status === 'succeeded') return started;
          if (job.status === 'failed') {
            setState((current) => ({ ...current, failure: failureText(job.error ?? '') }));
            return null;
          }
          await new Promise((resolve) => setTimeout(resolve, CALCULATION_POLL_MS));
        }
      } finally {
        if (alive.current) setState((current) => ({ ...current, running: false }));
      }
    },
    [],
  );

  return { ...state, run };
}

/**
 * A saved project opened again: what the server holds and the form values of it — the full flow's
 * (PV, storage, PV+storage) or the quick estimate's.
 */
export type ReopenedProject =
  | {
      readonly kind: 'flow';
      readonly variant: FlowVariant;
      readonly saved: SavedProject;
      readonly values: Partial<NewAssessmentValues>;
    }
  | {
      readonly kind: 'fast';
      readonly saved: SavedFastProject;
      readonly values: Partial<FastEstimateValues>;
    };

/** The area cascader's path of an area code (the city-position query); undefined when unknown. */
async function areaPathOf(areaCode: string | null, signal: AbortSignal): Promise<string[] | undefined> {
  if (!areaCode) return undefined;
  try {
    return cascaderPathOf((await getCityPosition({ adcode: areaCode }, signal)).path);
  } catch {
    // The request layer has shown the message; the user picks the city again.
    return undefined;
  }
}

/**
 * The project of /tools/auxiliaryDecision?projId=…, read fresh (pves/getInfoById; a quick estimate
 * also its prices, fast/queryPrice) with the area cascader's path of its area code, as form values.
 * Null id: nothing.
 */
export function useReopenedProject(projId: string | null) {
  return useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'reopen', projId],
    queryFn: async ({ signal }): Promise<ReopenedProject> => {
      const saved = await getProjectWithConfigs(projId as string, signal);
      const areaPath = areaPathOf(saved.project.areaCode, signal);
      const variant = flowVariantOf(saved.project);
      if (variant) return { kind: 'flow', variant, saved, values: flowValuesOfSaved(saved, await areaPath) };
      const [prices, path] = await Promise.all([getFastPrices(saved.project.projId, signal), areaPath]);
      const fast: SavedFastProject = { ...saved, prices };
      return { kind: 'fast', saved: fast, values: fastValuesOfSaved(fast, path) };
    },
    enabled: projId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
