import { describe, expect, it } from 'vitest';
import { alipaySignContent, rawJsonMember } from './alipay';
import { chinaRfc3339, chinaTimeText, isoFromChinaText } from './provider';
import { wechatRequestMessage, wechatResponseMessage } from './wechat';

describe('signature strings', () => {
  it('builds the WeChat Pay v3 request message: method, path, timestamp, nonce, body, each ended by \\n', () => {
    // The layout of WeChat Pay's "签名生成" guide: five lines, the last one ended too.
    expect(
      wechatRequestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', ''),
    ).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
    expect(wechatResponseMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{"a":1}')).toBe(
      '1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"a":1}\n',
    );
  });

  it('builds the Alipay sign content: non-empty parameters sorted by name, raw values, exclusions left out', () => {
    const params = {
      sign_type: 'RSA2',
      app_id: '2014072300007148',
      method: 'alipay.trade.precreate',
      biz_content: '{"out_trade_no":"P1","total_amount":"9.90"}',
      sign: 'xxx',
      empty: '',
      charset: 'utf-8',
    };
    expect(alipaySignContent(params, ['sign'])).toBe(
      'app_id=2014072300007148&biz_content={"out_trade_no":"P1","total_amount":"9.90"}&charset=utf-8&method=alipay.trade.precreate&sign_type=RSA2',
    );
    expect(alipaySignContent(params, ['sign', 'sign_type'])).not.toContain('sign_type');
  });

  it('reads the raw …_response object as sent, braces and escapes in strings included', () => {
    const text = '{"alipay_trade_query_response":{"code":"10000","msg":"a}\\"{b","n":{"x":1}},"sign":"S"}';
    expect(rawJsonMember(text, 'alipay_trade_query_response')).toBe(
      '{"code":"10000","msg":"a}\\"{b","n":{"x":1}}',
    );
    expect(rawJsonMember(text, 'missing_response')).toBeNull();
  });
});

describe('China Standard Time (UTC+8)', () => {
  it('formats and parses hand-worked instants', () => {
    // 2026-03-10T08:00Z is 16:00 in Beijing.
    expect(chinaTimeText('2026-03-10T08:00:00.000Z')).toBe('2026-03-10 16:00:00');
    expect(chinaRfc3339('2026-03-10T20:30:00.000Z')).toBe('2026-03-11T04:30:00+08:00');
    expect(isoFromChinaText('2026-03-11 04:30:00')).toBe('2026-03-10T20:30:00.000Z');
    expect(isoFromChinaText('not a time')).toBeNull();
  });
});
