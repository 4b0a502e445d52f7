import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { type E2eApp, loginWithPassword, openPage, startE2eApp } from '../e2e/support/app';
import { assessmentApi, createPvesProjectWithTwoPlans, tokenOf } from '../e2e/support/assessmentApi';

/**
 * Time to interactive of the PV+storage result page (issue 7: "the result page interactive ≤ 1.5 s
 * after navigation on this machine"). A PV+storage project with two finished plans is stored through
 * the API; then, signed in on /homeindex, the page navigates client-side (hash change) to
 * /preliminaryStage/distributedOpticalStorageResult?projId=&planId= and the page itself times, from
 * the navigation:
 *  - headline: every headline card shows a number;
 *  - charts: every ECharts chart of the page is initialised (its canvas present with a size) — the
 *    monthly, cash-flow, typical-day, SOC, sizing-sweep, tilt × azimuth and plan-comparison charts;
 *  - interactive: both, and the main thread quiet: the end of the last long task (≥ 50 ms,
 *    PerformanceObserver 'longtask') after which QUIET_MS pass without another (TTI's rule with a
 *    shorter window).
 * Run 1 is cold (a new browser context: empty HTTP cache, nothing of the page loaded; the server's
 * tilt × azimuth map is already cached, as the plan's calculation job computes it); runs 2–5 are warm
 * (a new tab of the same context: cached scripts). Prints each run, the median and the maximum, and PASS when
 * the maximum is within the budget (it only prints: the exit code stays 0). Needs a production build (npm run build -w @pvplan/web).
 */

const MEMBER = '13800000002';
const BUDGET_MS = 1500;
const RUNS = 5;
const QUIET_MS = 500;
const TIMEOUT_MS = 60_000;
/** Monthly, cash flow, typical day, SOC, sizing sweep, tilt × azimuth map, plan comparison. */
const EXPECTED_CHARTS = 7;
const HEADLINE_CARDS = ['capacity', 'generation', 'storage', 'income', 'irr', 'payback'];

interface Timing {
  /** The API request that answered last, and when (from the navigation). */
  readonly lastApi: string;
  readonly lastApiMs: number;
  readonly headlineMs: number;
  readonly chartsMs: number;
  readonly interactiveMs: number;
  readonly charts: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
}

/** Waits until the page has had no long task for `quietMs` (the shell settled after sign-in or boot). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async (quietMs) => {
    let last = performance.now();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
    });
    observer.observe({ type: 'longtask' });
    while (performance.now() - last < quietMs) {
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      for (const entry of observer.takeRecords()) last = Math.max(last, entry.startTime + entry.duration);
    }
    observer.disconnect();
  }, QUIET_MS);
}

/** Navigates client-side to `hash` and times the result page in the page itself. */
async function measure(page: Page, hash: string): Promise<Timing> {
  // tsx (esbuild keepNames) wraps the named functions below in __name(): give the page one.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(
    async ({ hash, cards, expectedCharts, quietMs, timeoutMs }) => {
      const longTasks: { start: number; end: number }[] = [];
      const take = (entries: PerformanceEntryList) => {
        for (const e of entries) longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
      };
      const observer = new PerformanceObserver((list) => take(list.getEntries()));
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      window.location.hash = hash;

      // The shell keeps visited views (hidden): only the result view on screen counts.
      const view = () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="assessment-result"]')].find(
          (element) => element.getClientRects().length > 0,
        ) ?? null;
      const headlineReady = (root: HTMLElement) =>
        cards.every((key) => {
          const value = root.querySelector(
            `[data-testid="assessment-card-${key}"] .ant-statistic-content-value`,
          );
          return value !== null && /\d/.test(value.textContent ?? '');
        });
      const chartsOf = (root: HTMLElement) => [...root.querySelectorAll('[_echarts_instance_]')];
      const chartsReady = (root: HTMLElement) => {
        const charts = chartsOf(root);
        return (
          charts.length >= expectedCharts &&
          charts.every((chart) => {
            const canvas = chart.querySelector('canvas');
            return canvas !== null && canvas.width > 0 && canvas.height > 0;
          })
        );
      };

      let headlineAt: number | null = null;
      let chartsAt: number | null = null;
      let charts = 0;
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          const root = view();
          if (root) {
            if (headlineAt === null && headlineReady(root)) headlineAt = performance.now();
            if (chartsAt === null && chartsReady(root)) {
              chartsAt = performance.now();
              charts = chartsOf(root).length;
            }
          }
          if (headlineAt !== null && chartsAt !== null) resolve();
          else if (performance.now() - start > timeoutMs) {
            const found = root ? chartsOf(root).length : 0;
            reject(
              new Error(
                `not ready in ${timeoutMs} ms: headline ${headlineAt !== null}, ${found} of ${expectedCharts} charts`,
              ),
            );
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });

      // Quiet main thread: the end of the last long task followed by quietMs without one.
      let interactiveAt = Math.max(headlineAt ?? start, chartsAt ?? start);
      for (;;) {
        const wait = interactiveAt + quietMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        take(observer.takeRecords());
        const later = longTasks.filter((task) => task.end > interactiveAt);
        if (later.length === 0) break;
        interactiveAt = Math.max(...later.map((task) => task.end));
      }
      observer.disconnect();
      const during = longTasks.filter((task) => task.start >= start && task.start < interactiveAt);
      const api = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= start && /\/(estimate-tools|api)\//.test(entry.name))
        .sort((a, b) => b.startTime + b.duration - (a.startTime + a.duration))[0];
      return {
        lastApi: api ? (new URL(api.name).pathname.split('/').slice(-1)[0] ?? '') : '',
        lastApiMs: api ? api.startTime + api.duration - start : 0,
        headlineMs: (headlineAt ?? start) - start,
        chartsMs: (chartsAt ?? start) - start,
        interactiveMs: interactiveAt - start,
        charts,
        longTasks: during.length,
        longTaskMs: during.reduce((sum, task) => sum + (task.end - task.start), 0),
      };
    },
    {
      hash,
      cards: HEADLINE_CARDS,
      expectedCharts: EXPECTED_CHARTS,
      quietMs: QUIET_MS,
      timeoutMs: TIMEOUT_MS,
    },
  );
}

async function storedPlan(app: E2eApp): Promise<{ projId: string; planId: number }> {
  const setup = await openPage(app);
  try {
    await loginWithPassword(app, setup.page, MEMBER, undefined, 'user-menu-trigger');
    const api = assessmentApi(app, await tokenOf(setup.page));
    return await createPvesProjectWithTwoPlans(api, 'Bench 光储结果页');
  } finally {
    await setup.context.close();
  }
}

const round = (ms: number) => Math.round(ms);
const app = await startE2eApp();
try {
  const { projId, planId } = await storedPlan(app);
  const hash = `#/preliminaryStage/distributedOpticalStorageResult?projId=${projId}&planId=${planId}`;
  const timings: Timing[] = [];
  const errors: string[] = [];
  const view = await openPage(app);
  try {
    for (let run = 1; run <= RUNS; run++) {
      let page = view.page;
      if (run === 1) {
        await loginWithPassword(app, page, MEMBER, undefined, 'user-menu-trigger');
      } else {
        page = await view.context.newPage();
        page.on('pageerror', (error) => errors.push(`run ${run}: uncaught ${error.message}`));
        page.on('console', (message) => {
          const text = `${message.text()} ${message.location().url}`;
          if (message.type() === 'error' && !/favicon/i.test(text)) errors.push(`run ${run}: ${text}`);
        });
        await page.goto(`${app.baseUrl}/isolarbp/#/homeindex`);
        await page.getByTestId('user-menu-trigger').first().waitFor({ state: 'visible', timeout: 20_000 });
      }
      await settle(page);
      const timing = await measure(page, hash);
      timings.push(timing);
      console.log(
        `run ${run} (${run === 1 ? 'cold' : 'warm'}): headline ${round(timing.headlineMs)} ms, ` +
          `${timing.charts} charts ${round(timing.chartsMs)} ms, interactive ${round(timing.interactiveMs)} ms ` +
          `(${timing.longTasks} long tasks, ${round(timing.longTaskMs)} ms; last API answer ${timing.lastApi} ` +
          `at ${round(timing.lastApiMs)} ms)`,
      );
      await page.close();
    }
    errors.push(...view.consoleErrors.map((entry) => `${entry.text} ${entry.url}`));
  } finally {
    await view.context.close();
  }
  const sorted = timings.map((timing) => timing.interactiveMs).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const max = sorted[sorted.length - 1] ?? Number.NaN;
  const pass = max <= BUDGET_MS;
  console.log(
    `web result page (PV+storage) interactive after navigation: median ${round(median)} ms, max ${round(max)} ms ` +
      `over ${timings.length} runs (cold first) — ${pass ? 'PASS' : 'FAIL'} (budget ${BUDGET_MS} ms on the maximum)`,
  );
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min) at the end`,
  );
  if (errors.length > 0) console.log(`page errors:\n  ${errors.join('\n  ')}`);
} finally {
  await app.stop();
}
