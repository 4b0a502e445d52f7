import type { CalculationStarted, PriceUserCategory, PriceVoltageLevel } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getProjectWithConfigs } from '../../../api/assessmentResults';
import { getAreaPriceInfo, getCityPosition } from '../../../api/price';
import { getJob } from '../../../api/projects';
import { ASSESSMENT_QUERY_KEY } from '../../../features/assessment/keys';
import { PRICE_QUERY_KEY } from '../priceSearch/hooks';
import { cascaderPathOf } from './components/addressSearch';
import type { NewAssessmentValues } from './components/flowValues';
import { flowValuesOfSaved, type SavedProject } from './components/savedValues';

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

/** A saved project opened again in the flow: what the server holds and the form values of it. */
export interface ReopenedProject {
  readonly saved: SavedProject;
  readonly values: Partial<NewAssessmentValues>;
}

/**
 * The project of /tools/auxiliaryDecision?projId=…, read fresh (pves/getInfoById) with the area
 * cascader's path of its area code (the city-position query), as flow values. Null id: nothing.
 */
export function useReopenedProject(projId: string | null) {
  return useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'reopen', projId],
    queryFn: async ({ signal }): Promise<ReopenedProject> => {
      const saved = await getProjectWithConfigs(projId as string, signal);
      let areaPath: string[] | undefined;
      if (saved.project.areaCode) {
        try {
          areaPath = cascaderPathOf((await getCityPosition({ adcode: saved.project.areaCode }, signal)).path);
        } catch {
          // The request layer has shown the message; the user picks the city again.
        }
      }
      return { saved, values: flowValuesOfSaved(saved, areaPath) };
    },
    enabled: projId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
