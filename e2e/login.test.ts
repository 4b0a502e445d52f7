import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * Login end to end: the real server (fresh SQLite database with the demo accounts) serving the
 * built web app, driven by Debian's Chromium. Needs `npm run build` first (npm run test:e2e does it).
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_PASSWORD = 'PvPlan@2580';
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

let tempDir = '';
let server: ChildProcess | undefined;
let serverOutput = '';
let browser: Browser | undefined;
let baseUrl = '';

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'pvplan-e2e-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(tempDir, 'e2e.db')}`,
      FILES_DIR: path.join(tempDir, 'files'),
      SEED_DEMO: 'true',
      SMS_TEST_CODE: '246810',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    serverOutput = `${serverOutput}${chunk.toString('utf8')}`.slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitForHealth(`${baseUrl}/api/health`, server, () => serverOutput, 60_000);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

describe('login', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: { text: string; url: string }[];

  beforeEach(async () => {
    if (!browser) throw new Error('browser not started');
    consoleErrors = [];
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      // The browser asks for /favicon.ico on its own; a 404 for it is not an app error.
      if (/favicon/i.test(`${message.text()} ${where}`)) return;
      consoleErrors.push({ text: message.text(), url: where });
    });
    page.on('pageerror', (error) => consoleErrors.push({ text: `uncaught: ${error.message}`, url: '' }));
  });

  afterEach(async () => {
    await context?.close();
  });

  async function openLogin(): Promise<void> {
    await page.goto(`${baseUrl}/isolarbp/#/login`);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
  }

  it('logs in with a trimmed username and shows the user name on /homeindex', async () => {
    await openLogin();
    const sent = page.waitForRequest((request) => request.url().includes('/user/loginForPowmart'));
    await page.getByTestId('login-username').fill('  designer  ');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    // The server trims too, so check what the page sent, not only that the login worked.
    expect((await sent).postDataJSON()).toEqual({ username: 'designer', password: DEMO_PASSWORD });

    const userName = page.getByTestId('current-user-name');
    await userName.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => userName.textContent(), { timeout: 15_000 }).toContain('张设计');
    expect(new URL(page.url()).hash).toBe('#/homeindex');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(consoleErrors).toEqual([]);
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    await openLogin();
    const answer = page.waitForResponse((response) => response.url().includes('/user/loginForPowmart'));
    await page.getByTestId('login-username').fill('designer');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();

    const body = (await (await answer).json()) as { code: number; msg: string };
    expect(body.code).not.toBe(200);
    expect(body.msg).toBeTruthy();
    const toast = page.locator('.ant-message-notice').filter({ hasText: body.msg });
    await toast.waitFor({ state: 'visible', timeout: 5_000 });

    expect(new URL(page.url()).hash).toBe('#/login');
    await expect.poll(() => page.getByTestId('login-submit').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The rejected login answers HTTP 4xx, which Chromium logs as a failed resource: that one is expected.
    const unexpected = consoleErrors.filter(
      (entry) => !(entry.url.includes('/user/loginForPowmart') && /status of 4\d\d/.test(entry.text)),
    );
    expect(unexpected).toEqual([]);
  });
});
