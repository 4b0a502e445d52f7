import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors';
import { en } from './en';
import { formatMessage, isMessageKey, languageFromHeader } from './index';
import { zhCN } from './zh-CN';

describe('server message catalogue', () => {
  it('has the same keys in zh-CN and en, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhCN).sort());
    for (const value of [...Object.values(en), ...Object.values(zhCN)]) expect(value.trim()).not.toBe('');
  });

  it('names a message for every registry error', () => {
    for (const spec of Object.values(ERRORS)) expect(isMessageKey(spec.key)).toBe(true);
  });

  it('uses the spec wording for the catalogue entries (001 §8)', () => {
    expect(zhCN['errors.auth.expired']).toBe('登录状态已过期，请重新登录');
    expect(zhCN['errors.auth.otherDevice']).toBe('当前账号已在其他设备登录');
    expect(zhCN['errors.notFound']).toBe('接口地址不存在，请检查');
    expect(zhCN['errors.specialChars']).toBe('输入项包含特殊字符，请重新填写');
    expect(zhCN['errors.internal']).toBe('服务端错误');
  });

  it('fills placeholders and picks a language from Accept-Language', () => {
    expect(formatMessage('zh-CN', 'errors.sms.tooFrequent', { seconds: 42 })).toBe(
      '验证码发送过于频繁，请42秒后再试',
    );
    expect(languageFromHeader('en-GB,en;q=0.8')).toBe('en');
    expect(languageFromHeader('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(languageFromHeader(undefined)).toBe('zh-CN');
  });
});
