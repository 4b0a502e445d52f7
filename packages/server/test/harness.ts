import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle, Dialect } from '../src/db/database';
import { prepareDatabase } from '../src/lifecycle';
import { defaultJobHandlers } from '../src/modules/jobs/job-handlers';
import { JobWorker } from '../src/modules/jobs/job-worker';
import type { SmsProvider } from '../src/providers/sms';
import { DEMO_PASSWORD } from '../src/seed/demo-data';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function dialectsUnderTest(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Records texts instead of sending them, so a test can read the code a user would receive. */
export class RecordingSmsProvider implements SmsProvider {
  readonly name = 'recording';
  readonly sent: Array<{ phone: string; text: string }> = [];

  async send(phone: string, text: string): Promise<void> {
    this.sent.push({ phone, text });
  }

  lastCodeFor(phone: string): string {
    const message = [...this.sent].reverse().find((entry) => entry.phone === phone);
    const code = message?.text.match(/\d{6}/)?.[0];
    if (!code) throw new Error(`no SMS code sent to ${phone}`);
    return code;
  }
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly sms: RecordingSmsProvider;
  readonly filesDir: string;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's (one per test file), dropped by `drop`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pvplan_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The real app on a real database (a temp SQLite file, or a fresh PostgreSQL database), demo data seeded. */
export async function startTestApp(dialect: Dialect, env: Record<string, string> = {}): Promise<TestApp> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvplan-test-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    DATABASE_URL: postgres?.url ?? `sqlite:${path.join(tempDir, 'test.db')}`,
    FILES_DIR: path.join(tempDir, 'files'),
    WEB_DIST_DIR: path.join(tempDir, 'no-web'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    ...env,
  });
  const database = await prepareDatabase(config, () => {});
  const sms = new RecordingSmsProvider();
  const app = await buildApp({ config, database, logger: false, overrides: { smsProvider: sms } });
  await app.ready();
  return {
    app,
    database,
    sms,
    filesDir: config.filesDirAbsolute,
    close: async () => {
      await app.close();
      await database.destroy();
      await postgres?.drop();
      fs.rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

export interface EnvelopeBody {
  code: number;
  msg: string;
  data: unknown;
  err?: string;
  token?: string;
  appCode?: string;
}

export function envelopeOf(response: LightMyRequestResponse): EnvelopeBody {
  return response.json() as EnvelopeBody;
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/user/loginForPowmart',
    payload: { username, password },
  });
  const body = envelopeOf(response);
  if (body.code !== 200 || !body.token) throw new Error(`login of ${username} failed: ${body.msg}`);
  return body.token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function externalHeaders(token: string) {
  return { token, outuser: '1' };
}

/** Runs every queued job to its end with the product's job handlers, as the worker process would. */
export async function drainQueuedJobs(t: TestApp): Promise<void> {
  const worker = new JobWorker({
    db: t.database.db,
    dialect: t.database.dialect,
    handlers: defaultJobHandlers(),
    logger: pino({ level: 'silent' }),
    pollMs: 50,
    retryDelayMs: 0,
  });
  await worker.drain();
}
