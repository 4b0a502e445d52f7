import { formatMessage } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSkipToken } from '../src/modules/auth/skip-token';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import {
  bearer,
  dialectsUnderTest,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const SKIP_KEY = 'test-skip-key-0123456789abcdef';

describe.each(dialectsUnderTest())('accounts and sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { SKIP_AES_KEY: SKIP_KEY, SESSION_TTL_HOURS: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('password login', () => {
    it('logs in with trimmed credentials and answers token and appCode', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/user/loginForPowmart',
        payload: { username: '  designer ', password: ` ${DEMO_PASSWORD} ` },
      });
      const body = envelopeOf(response);
      expect(response.statusCode).toBe(200);
      expect(body.code).toBe(200);
      expect(body.token).toMatch(/^[\w-]{43}$/);
      expect(body.appCode).toBe('tools');
      const info = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(body.token ?? '') }),
      );
      expect(info.data).toMatchObject({
        userName: '张设计',
        loginNo: 'designer',
        outUser: false,
        appCode: 'tools',
      });
    });

    it('accepts the credentials in the query string too', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/user/loginForPowmart?username=admin&password=${encodeURIComponent(DEMO_PASSWORD)}`,
      });
      expect(envelopeOf(response).code).toBe(200);
    });

    it.each([
      ['wrong password', { username: 'designer', password: 'Wrong@2580' }],
      ['unknown user', { username: 'nobody', password: DEMO_PASSWORD }],
      ['blank password', { username: 'designer', password: '   ' }],
      ['no credentials at all', {}],
    ])('refuses a %s with code 400 and a message', async (_name, payload) => {
      const response = await t.app.inject({ method: 'POST', url: '/user/loginForPowmart', payload });
      const body = envelopeOf(response);
      expect(response.statusCode).toBe(400);
      expect(body.code).toBe(400);
      expect(body.msg).toBe('用户名或密码错误');
      expect(body.token).toBeUndefined();
    });

    it('answers in English when asked', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/user/loginForPowmart',
        headers: { 'accept-language': 'en-US,en;q=0.9' },
        payload: { username: 'designer', password: 'nope' },
      });
      expect(envelopeOf(response).msg).toBe('Wrong username or password');
    });

    it('refuses a disabled account', async () => {
      await t.database.db.updateTable('users').set({ status: 0 }).where('login_no', '=', 'sales').execute();
      const body = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: '/user/loginForPowmart',
          payload: { username: 'sales', password: DEMO_PASSWORD },
        }),
      );
      expect(body.msg).toBe('账号已停用，请联系管理员');
      await t.database.db.updateTable('users').set({ status: 1 }).where('login_no', '=', 'sales').execute();
    });

    it('tells a user without an app code that no project is assigned', async () => {
      const sales = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_no', '=', 'sales')
        .executeTakeFirstOrThrow();
      const roles = await t.database.db
        .selectFrom('user_roles')
        .selectAll()
        .where('user_id', '=', sales.id)
        .execute();
      await t.database.db.deleteFrom('user_roles').where('user_id', '=', sales.id).execute();
      const body = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: '/user/loginForPowmart',
          payload: { username: 'sales', password: DEMO_PASSWORD },
        }),
      );
      expect(body.code).not.toBe(200);
      expect(body.msg).toBe('当前账号未分配项目，请联系超级管理员');
      await t.database.db.insertInto('user_roles').values(roles).execute();
    });
  });

  describe('sessions', () => {
    it('a second login elsewhere makes the first token answer 410, the new one works', async () => {
      const first = await login(t.app, 'admin');
      const second = await login(t.app, 'admin');
      const old = await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(first) });
      expect(envelopeOf(old).code).toBe(410);
      expect(envelopeOf(old).msg).toBe('当前账号已在其他设备登录');
      const current = await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(second) });
      expect(envelopeOf(current).code).toBe(200);
    });

    it('logout revokes the token: it then answers 401', async () => {
      const token = await login(t.app, 'designer');
      const out = await t.app.inject({ url: '/user/logOut', headers: bearer(token) });
      expect(envelopeOf(out).code).toBe(200);
      const after = await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
      expect(envelopeOf(after)).toMatchObject({ code: 401, msg: '登录状态已过期，请重新登录' });
    });

    it('an unknown, missing or expired token answers 401', async () => {
      expect(
        envelopeOf(await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer('not-a-token') }))
          .code,
      ).toBe(401);
      expect(envelopeOf(await t.app.inject({ url: '/usercenter/user/getInfo' })).code).toBe(401);
      const token = await login(t.app, 'designer');
      await t.database.db
        .updateTable('sessions')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('revoked_at', 'is', null)
        .execute();
      expect(
        envelopeOf(await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(token) })).code,
      ).toBe(401);
    });

    it('external users authenticate with Token + OutUser headers', async () => {
      const token = await login(t.app, '13800000001');
      const info = envelopeOf(
        await t.app.inject({
          url: '/estimate-tools/estimate-tools/login/getUserInfo?t=1',
          headers: externalHeaders(token),
        }),
      );
      expect(info.data).toMatchObject({ userName: '免费用户', outUser: true, tier: 0 });
    });

    it('checks a token through /oauth/check_token', async () => {
      const token = await login(t.app, 'designer');
      const body = envelopeOf(await t.app.inject({ url: `/oauth/check_token?token=${token}` }));
      expect(body.data).toMatchObject({ active: true, userName: '张设计', appCode: 'tools' });
      expect(envelopeOf(await t.app.inject({ url: '/oauth/check_token?token=bogus' })).code).toBe(401);
    });
  });

  describe('SMS login and registration', () => {
    const phone = '13712345678';

    it('sends a code, logs in (registering a free external user with quota), and the code is single-use', async () => {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/getSmsCode',
        payload: { phone },
      });
      expect(envelopeOf(sent).code).toBe(200);
      const code = t.sms.lastCodeFor(phone);
      const first = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/smsCodeLogin',
        payload: { phone, code },
      });
      const body = envelopeOf(first);
      expect(body.code).toBe(200);
      expect(body.data).toMatchObject({ outUser: true, isNewUser: true });
      const info = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getInfo', headers: externalHeaders(body.token ?? '') }),
      );
      expect(info.data).toMatchObject({ phone, outUser: true, tier: 0, roles: ['tools_out_user'] });
      const quota = await t.database.db
        .selectFrom('user_quotas')
        .selectAll()
        .where('user_id', '=', (info.data as { id: number }).id)
        .executeTakeFirstOrThrow();
      expect(quota.total_capacity_mw).toBeGreaterThan(0);
      const again = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/smsCodeLogin',
        payload: { phone, code },
      });
      expect(envelopeOf(again).msg).toBe('短信验证码错误或已失效');
    });

    it('refuses a wrong code and, after 5 wrong tries, even the right one', async () => {
      const other = '13712345679';
      await t.app.inject({ method: 'GET', url: `/usercenter/user/sendSms?phone=${other}&loginNo=${other}` });
      const code = t.sms.lastCodeFor(other);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/estimate-tools/estimate-tools/login/smsCodeLogin',
          payload: { phone: other, code: wrong },
        });
        expect(envelopeOf(response).code).toBe(400);
      }
      const right = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/smsCodeLogin',
        payload: { phone: other, code },
      });
      expect(envelopeOf(right).msg).toBe('短信验证码错误或已失效');
    });

    it('refuses an expired code', async () => {
      const other = '13712345680';
      await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/getSmsCode',
        payload: { phone: other },
      });
      await t.database.db
        .updateTable('sms_codes')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('phone', '=', other)
        .execute();
      const response = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/smsCodeLogin',
        payload: { phone: other, code: t.sms.lastCodeFor(other) },
      });
      expect(envelopeOf(response).code).toBe(400);
    });

    it('rate limits a phone: a second code within a minute is refused with 429', async () => {
      const other = '13712345681';
      const first = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/getSmsCode',
        payload: { phone: other },
      });
      expect(envelopeOf(first).code).toBe(200);
      const second = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/getSmsCode',
        payload: { phone: other },
      });
      expect(second.statusCode).toBe(429);
      expect(envelopeOf(second).code).toBe(429);
      expect(t.sms.sent.filter((entry) => entry.phone === other)).toHaveLength(1);
    });

    it('rate limits an IP across phones', async () => {
      const before = t.sms.sent.length;
      const answers: number[] = [];
      for (let i = 0; i < 25; i += 1) {
        const phone = `1360000${String(i).padStart(4, '0')}`;
        const response = await t.app.inject({
          method: 'POST',
          url: '/estimate-tools/estimate-tools/login/getSmsCode',
          payload: { phone },
          remoteAddress: '10.9.9.9',
        });
        answers.push(envelopeOf(response).code);
      }
      expect(answers.filter((code) => code === 200)).toHaveLength(20);
      expect(answers.slice(20).every((code) => code === 429)).toBe(true);
      expect(t.sms.sent.length - before).toBe(20);
    });

    it('refuses a malformed phone with a clear message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/login/getSmsCode',
        payload: { phone: '2345' },
      });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).msg).toContain('请输入正确的手机号');
    });
  });

  describe('captcha login and the special-user login', () => {
    it('logs in through usercenter/user/login with the captcha answer, once', async () => {
      const captcha = envelopeOf(await t.app.inject({ url: '/usercenter/user/captchaImage' })).data as {
        uuid: string;
        img: string;
      };
      expect(captcha.img).toMatch(/^data:image\/svg\+xml;base64,/);
      const row = await t.database.db
        .selectFrom('captchas')
        .select('answer')
        .where('id', '=', captcha.uuid)
        .executeTakeFirstOrThrow();
      const payload = {
        username: 'designer',
        password: DEMO_PASSWORD,
        code: row.answer.toUpperCase(),
        uuid: captcha.uuid,
      };
      expect(
        envelopeOf(await t.app.inject({ method: 'POST', url: '/usercenter/user/login', payload })).code,
      ).toBe(200);
      const replay = envelopeOf(
        await t.app.inject({ method: 'POST', url: '/usercenter/user/login', payload }),
      );
      expect(replay.msg).toBe('验证码错误或已失效');
    });

    it('answers resultCode/resultData for a special username and refuses others', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/user/loginForSpecialUser',
        payload: { username: 'dms_admin', password: DEMO_PASSWORD },
      });
      const body = response.json() as { resultCode: number; resultData: Record<string, unknown> };
      expect(body.resultCode).toBe(200);
      expect(body.resultData).toMatchObject({
        appCode: 'tools',
        userName: 'DMS跳转用户',
        login: 'dms_admin',
      });
      expect(typeof body.resultData.token).toBe('string');
      const refused = await t.app.inject({
        method: 'POST',
        url: '/user/loginForSpecialUser',
        payload: { username: 'designer', password: DEMO_PASSWORD },
      });
      expect((refused.json() as { resultCode: number }).resultCode).toBe(400);
    });
  });

  describe('jump-in with an encrypted skip token', () => {
    it('opens a jump session for the named account and binds a project id', async () => {
      const skip = encryptSkipToken({ loginNo: 'designer', projectId: 'P-42' }, SKIP_KEY);
      const body = envelopeOf(
        await t.app.inject({ url: `/usercenter/user/skipLogin?skip=${encodeURIComponent(skip)}` }),
      );
      expect(body.code).toBe(200);
      const token = body.token ?? '';
      const info = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(token) }),
      );
      expect(info.data).toMatchObject({ isJump: true, projectId: 'P-42' });
      await t.app.inject({
        method: 'POST',
        url: '/usercenter/user/bindProject',
        headers: bearer(token),
        payload: { projectId: 9001 },
      });
      const bound = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(token) }),
      );
      expect(bound.data).toMatchObject({ projectId: '9001' });
    });

    it.each([
      ['garbage', 'not-base64-at-all!!'],
      ['another key', encryptSkipToken({ loginNo: 'designer' }, 'some-other-key-0123456789')],
      ['an expired token', encryptSkipToken({ loginNo: 'designer', exp: 1_000_000 }, SKIP_KEY)],
      ['an unknown account', encryptSkipToken({ loginNo: 'ghost' }, SKIP_KEY)],
    ])('refuses %s with the token-parsing message', async (_name, skip) => {
      const body = envelopeOf(
        await t.app.inject({ url: `/usercenter/user/skipLogin?skip=${encodeURIComponent(skip)}` }),
      );
      expect(body.code).toBe(400);
      expect(body.msg).toBe(formatMessage('zh-CN', 'errors.auth.skipTokenInvalid'));
    });
  });
});
