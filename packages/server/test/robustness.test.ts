import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app';
import { migrateDownAll, migrateToLatest } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import { bearer, dialectsUnderTest, login, startTestApp, type TestApp } from './harness';

/** Values of every JSON shape, including the wrong types routes must refuse cleanly. */
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.array(fc.jsonValue(), { maxLength: 4 }),
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'username',
        'password',
        'phone',
        'code',
        'uuid',
        'pageNum',
        'pageSize',
        'orgIds',
        'suggestions',
        'contact',
        'imgs',
        'time',
        'operateUser',
        'projectId',
        'isOpen',
        'id',
        'oldPassword',
        'newPassword',
        'confirmPassword',
        'startTime',
        'endTime',
      ),
      fc.string(),
    ),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 6 },
  ),
);

const queryString = fc
  .dictionary(
    fc.constantFrom(
      'token',
      'phone',
      'appCode',
      'projId',
      'size',
      'current',
      'skip',
      'username',
      'password',
      't',
      'loginNo',
    ),
    fc.string({ maxLength: 40 }),
    { maxKeys: 4 },
  )
  .map((params) => new URLSearchParams(params).toString());

const pathSegment = fc
  .oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.integer().map(String))
  .map(encodeURIComponent);

function concreteUrl(route: RouteEntry, segment: string): string {
  return route.url.replace(/:\w+/g, segment).replace(/\*$/, segment);
}

describe.each(dialectsUnderTest())('robustness on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { SMS_TEST_CODE: '135790' });
    token = await login(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every route with a JSON envelope and never a 500, whatever the body, query or path', async () => {
    const routes = t.app.routeCatalogue.filter((route) => route.url !== '/' && route.url !== '/isolarbp');
    expect(routes.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        anyJson,
        queryString,
        pathSegment,
        fc.boolean(),
        async (route, body, query, segment, signedIn) => {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: `${concreteUrl(route, segment)}${query ? `?${query}` : ''}`,
            headers: signedIn ? bearer(token) : {},
            ...(route.method === 'GET'
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: { ...(signedIn ? bearer(token) : {}), 'content-type': 'application/json' },
                }),
          });
          expect(response.statusCode).toBeLessThan(500);
          if (route.url.startsWith('/api/files/') && response.statusCode === 200) return;
          const envelope = response.json() as { code?: number; msg?: string; resultCode?: number };
          if (envelope.resultCode !== undefined) return;
          expect(typeof envelope.code).toBe('number');
          expect(typeof envelope.msg).toBe('string');
          if (response.statusCode >= 400) expect(envelope.code).not.toBe(200);
        },
      ),
      { numRuns: 1500, seed: 20261121 },
    );
    // The login still works afterwards: nothing the fuzzing sent broke saved data.
    await login(t.app, 'designer');
  }, 120_000);

  it('refuses malformed JSON and a wrong content type with a 4xx envelope', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/user/loginForPowmart',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect((broken.json() as { code: number }).code).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/user/loginForPowmart',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBeGreaterThanOrEqual(400);
    expect(xml.statusCode).toBeLessThan(500);
  });

  it('serves over a real socket with a request id', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const response = await fetch(`http://127.0.0.1:${port}/user/loginForPowmart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-0123456789' },
      body: JSON.stringify({ username: 'designer', password: 'PvPlan@2580' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-0123456789');
    const body = (await response.json()) as { token: string };
    const info = await fetch(`http://127.0.0.1:${port}/usercenter/user/getInfo`, {
      headers: {
        authorization: `Bearer ${body.token}`,
        username: encodeURIComponent(encodeURIComponent('张设计')),
      },
    });
    expect(((await info.json()) as { data: { userName: string } }).data.userName).toBe('张设计');
  });

  it('migrates down and up again on the same database', async () => {
    const { db, dialect: d } = t.database;
    await migrateDownAll(db, d);
    const applied = await migrateToLatest(db, d);
    expect(applied).toEqual(Object.keys(MIGRATIONS).sort());
  });
});
