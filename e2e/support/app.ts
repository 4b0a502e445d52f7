import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * End-to-end support: the real server (a fresh SQLite database with the demo data) serving the
 * built web app, driven by Debian's Chromium. Needs `npm run build` first (test:e2e does it).
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_PASSWORD = 'PvPlan@2580';
export const SMS_TEST_CODE = '246810';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not pick a free port'));
      });
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`server exited with code ${server.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy at ${url} within ${timeoutMs} ms:\n${output()}`);
}

export interface E2eApp {
  readonly baseUrl: string;
  /** The server's SQLite file: tests read what a human would read elsewhere (a captcha, an SMS). */
  readonly dbPath: string;
  readonly browser: Browser;
  stop(): Promise<void>;
}

/** Starts the server on a free port with a fresh database, and Chromium. */
export async function startE2eApp(extraEnv: Record<string, string> = {}): Promise<E2eApp> {
  const tempDir = await mkdtemp(path.join(tmpdir(), 'pvplan-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dbPath = path.join(tempDir, 'e2e.db');
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dbPath}`,
      FILES_DIR: path.join(tempDir, 'files'),
      SEED_DEMO: 'true',
      SMS_TEST_CODE,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString('utf8')}`.slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitForHealth(`${baseUrl}/api/health`, server, () => output, 60_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });

  return {
    baseUrl,
    dbPath,
    browser,
    async stop() {
      await browser.close();
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

/** Runs one read query against the server's database (read-only connection). */
export function queryDb<T>(app: E2eApp, sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(app.dbPath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

/** The answer of the captcha image the page shows (its uuid is on the image button). */
export async function captchaAnswer(app: E2eApp, page: Page): Promise<string> {
  const image = page.getByTestId('login-captcha-image');
  let uuid = '';
  for (let attempt = 0; attempt < 50 && !uuid; attempt += 1) {
    uuid = (await image.getAttribute('data-uuid')) ?? '';
    if (!uuid) await page.waitForTimeout(100);
  }
  const row = queryDb<{ answer: string }>(app, 'select answer from captchas where id = ?', uuid);
  if (!row) throw new Error(`no captcha ${uuid} in the database`);
  return row.answer;
}

export interface ConsoleEntry {
  readonly text: string;
  readonly url: string;
}

export interface E2ePage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions of the page (favicon requests excluded). */
  readonly consoleErrors: ConsoleEntry[];
}

export async function openPage(
  app: E2eApp,
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    userAgent?: string;
    /** Let the demo notice pop up (it covers the navbar's right side until closed). */
    showNotices?: boolean;
    /** Let the new-user guide open for external users. */
    showGuide?: boolean;
  } = {},
): Promise<E2ePage> {
  const context = await app.browser.newContext({
    locale: options.locale ?? 'zh-CN',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (!options.showNotices) {
    // The demo data holds one open notice (id 1): mark it as already shown.
    await context.addInitScript(() => {
      if (!localStorage.getItem('shownNoticeIds')) localStorage.setItem('shownNoticeIds', '[1]');
    });
  }
  if (!options.showGuide) {
    // External users get the new-user guide once per browser session: mark it as offered.
    await context.addInitScript(() => sessionStorage.setItem('guideShown', '1'));
  }
  const page = await context.newPage();
  const consoleErrors: ConsoleEntry[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (/favicon/i.test(`${message.text()} ${where}`)) return;
    consoleErrors.push({ text: message.text(), url: where });
  });
  page.on('pageerror', (error) => consoleErrors.push({ text: `uncaught: ${error.message}`, url: '' }));
  return { context, page, consoleErrors };
}

/** Opens /login on the password tab and waits for the captcha. */
export async function openLogin(app: E2eApp, page: Page): Promise<void> {
  await page.goto(`${app.baseUrl}/isolarbp/#/login`);
  await page.getByTestId('login-submit').waitFor({ state: 'visible' });
}

/** Logs in through the password tab (with the captcha) and waits for the signed-in frame. */
export async function loginWithPassword(
  app: E2eApp,
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  signedInTestId = 'current-user-name',
) {
  await openLogin(app, page);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(await captchaAnswer(app, page));
  await page.getByTestId('login-submit').click();
  await page.getByTestId(signedInTestId).first().waitFor({ state: 'visible', timeout: 20_000 });
}

/**
 * Opens a page through the side menu: the folder first (unless it is already open), then the
 * item, until the address shows `expectedHash`. The click is repeated (at most three times)
 * because an item clicked while its folder is still sliding open can miss its target.
 */
export async function openFromSideMenu(page: Page, folder: string, item: string, expectedHash: string) {
  const menu = page.getByTestId('side-menu');
  const entry = menu.getByText(item, { exact: true });
  if (!(await entry.isVisible())) await menu.getByText(folder, { exact: true }).first().click();
  for (let attempt = 1; ; attempt += 1) {
    await entry.waitFor({ state: 'visible' });
    await entry.click();
    try {
      await page.waitForURL((url) => url.hash.startsWith(expectedHash), { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
