import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { bearer, dialectsUnderTest, envelopeOf, login, startTestApp, type TestApp } from './harness';

describe.each(dialectsUnderTest())('password rules on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const change = async (
    token: string,
    oldPassword: string,
    newPassword: string,
    confirmPassword = newPassword,
  ) =>
    envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: '/usercenter/user/updatePassword',
        headers: bearer(token),
        payload: { oldPassword, newPassword, confirmPassword },
      }),
    );

  it.each([
    ['a missing entry', DEMO_PASSWORD, '', '', '旧密码、新密码和确认密码均为必填项'],
    ['the same password', DEMO_PASSWORD, DEMO_PASSWORD, DEMO_PASSWORD, '新密码与旧密码重复！'],
    ['entries that differ', DEMO_PASSWORD, 'Qz@86420Wm', 'Qz@86420Wn', '您两次输入的密码不一致！'],
    [
      'no upper case',
      DEMO_PASSWORD,
      'qz@86420wm',
      'qz@86420wm',
      '密码须为8~20位，且包含大写字母、小写字母、数字和特殊字符',
    ],
    [
      'no special character',
      DEMO_PASSWORD,
      'Qz86420Wm',
      'Qz86420Wm',
      '密码须为8~20位，且包含大写字母、小写字母、数字和特殊字符',
    ],
    [
      'too short',
      DEMO_PASSWORD,
      'Qz@8642',
      'Qz@8642',
      '密码须为8~20位，且包含大写字母、小写字母、数字和特殊字符',
    ],
    [
      'too long (21)',
      DEMO_PASSWORD,
      'Qz@86420Wm-Qz@86420Wm',
      'Qz@86420Wm-Qz@86420Wm',
      '密码须为8~20位，且包含大写字母、小写字母、数字和特殊字符',
    ],
    [
      'an ascending run 123',
      DEMO_PASSWORD,
      'Qz@123Wmx',
      'Qz@123Wmx',
      '密码不能连续字符（如123、abc）连续3位或3位以上',
    ],
    [
      'an ascending run abc',
      DEMO_PASSWORD,
      'Q9@abcW8x',
      'Q9@abcW8x',
      '密码不能连续字符（如123、abc）连续3位或3位以上',
    ],
    ['a wrong old password', 'Wrong@9753', 'Qz@86420Wm', 'Qz@86420Wm', '旧密码不正确'],
  ])('refuses %s with the spec message and keeps the password', async (_name, oldPassword, newPassword, confirm, message) => {
    const token = await login(t.app, 'designer');
    const body = await change(token, oldPassword, newPassword, confirm);
    expect(body.code).toBe(400);
    expect(body.msg).toBe(message);
    await login(t.app, 'designer', DEMO_PASSWORD);
  });

  it('changes a valid password (20 characters allowed), ends the sessions, and the new one logs in', async () => {
    const token = await login(t.app, 'admin');
    const newPassword = 'Qz@86420Wm-Qz@8642W';
    const body = await change(token, DEMO_PASSWORD, newPassword);
    expect(body).toMatchObject({ code: 200, msg: '密码修改成功，请重新登录' });
    expect(
      envelopeOf(await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(token) })).code,
    ).toBe(401);
    await expect(login(t.app, 'admin', DEMO_PASSWORD)).rejects.toThrow();
    const fresh = await login(t.app, 'admin', newPassword);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/usercenter/user/putPassword',
      headers: bearer(fresh),
      payload: { id: 1, password: Buffer.from(DEMO_PASSWORD).toString('base64') },
    });
    expect(envelopeOf(put).code).toBe(200);
    await login(t.app, 'admin', DEMO_PASSWORD);
  });

  it('putPassword requires base64 and refuses another user to non-admins', async () => {
    const token = await login(t.app, 'designer');
    const me = envelopeOf(await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(token) }))
      .data as { id: number };
    const notBase64 = await t.app.inject({
      method: 'PUT',
      url: '/usercenter/user/putPassword',
      headers: bearer(token),
      payload: { id: me.id, password: 'Qz@86420Wm' },
    });
    expect(envelopeOf(notBase64).msg).toBe('密码须以Base64编码提交');
    const other = await t.app.inject({
      method: 'PUT',
      url: '/usercenter/user/putPassword',
      headers: bearer(token),
      payload: { id: 1, password: Buffer.from('Qz@86420Wm').toString('base64') },
    });
    expect(envelopeOf(other).code).toBe(403);
  });

  it('resets a forgotten password with an SMS code to the account phone', async () => {
    const phone = '13800000002';
    await t.app.inject({ method: 'GET', url: `/usercenter/user/sendSms?phone=${phone}` });
    const code = t.sms.lastCodeFor(phone);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/usercenter/user/resetPasswd',
      payload: { phone, code, newPassword: 'abc', confirmPassword: 'abc' },
    });
    expect(envelopeOf(weak).code).toBe(400);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/usercenter/user/resetPasswd',
      payload: { phone, code, newPassword: 'Reset#9753Ok', confirmPassword: 'Reset#9753Ok' },
    });
    expect(envelopeOf(reset).code).toBe(200);
    await login(t.app, phone, 'Reset#9753Ok');
  });
});
