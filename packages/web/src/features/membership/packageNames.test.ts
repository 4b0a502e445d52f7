import { describe, expect, it } from 'vitest';
import { type Language, messages } from '../../locales/resources';
import {
  orderPackageName,
  planQuotaLine,
  type QuotaLineKey,
  type QuotaLineValues,
  quotaNumberText,
} from './packageNames';

/** The catalogue's own wording with i18next's {{name}} interpolation, as the app renders it. */
const translator = (language: Language) => (key: QuotaLineKey, values: QuotaLineValues) =>
  messages[language][key].replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => (values as unknown as Record<string, string>)[name] ?? `{{${name}}}`,
  );

describe('order package names in the UI language (issue 8)', () => {
  const order = {
    vipName: '设计容量加油包 10MW',
    vipNameZh: '设计容量加油包 10MW',
    vipNameEn: 'Capacity pack 10 MW',
  };

  it('shows the English name on English screens and the Chinese one otherwise', () => {
    expect(orderPackageName(order, 'en')).toBe('Capacity pack 10 MW');
    expect(orderPackageName(order, 'en-US')).toBe('Capacity pack 10 MW');
    expect(orderPackageName(order, 'zh-CN')).toBe('设计容量加油包 10MW');
  });

  it('follows a language switch even when the answer came in the other language', () => {
    const answeredInEnglish = { ...order, vipName: 'Capacity pack 10 MW' };
    expect(orderPackageName(answeredInEnglish, 'zh-CN')).toBe('设计容量加油包 10MW');
  });

  it('falls back to vipName when an answer carries no names of its own', () => {
    expect(orderPackageName({ vipName: '会员年卡' }, 'en')).toBe('会员年卡');
    expect(orderPackageName({ vipName: '会员年卡', vipNameEn: '' }, 'en')).toBe('会员年卡');
  });
});

describe('plan quota line from the numbers the server sends (issue 8)', () => {
  it('keeps today’s Chinese wording', () => {
    // The seeded yearly member plan: 300 MW and 150 万m² (seed/membership-catalogue.ts).
    expect(planQuotaLine(translator('zh-CN'), 'zh-CN', { designCapacityMw: 300, surveyAreaWanM2: 150 })).toBe(
      '含优化设计容量300MW、勘测面积150万m²',
    );
    expect(planQuotaLine(translator('zh-CN'), 'zh-CN', { designCapacityMw: 5, surveyAreaWanM2: 2 })).toBe(
      '含优化设计容量5MW、勘测面积2万m²',
    );
  });

  // English keeps each unit on its number's line: a no-break space (\u00a0) before MW and m².
  it('says the area in m² in English (1 万m² = 10,000 m²)', () => {
    expect(planQuotaLine(translator('en'), 'en', { designCapacityMw: 5, surveyAreaWanM2: 2 })).toBe(
      'Includes 5\u00a0MW and 20,000\u00a0m²',
    );
    expect(planQuotaLine(translator('en'), 'en', { designCapacityMw: 800, surveyAreaWanM2: 400 })).toBe(
      'Includes 800\u00a0MW and 4,000,000\u00a0m²',
    );
    expect(planQuotaLine(translator('en'), 'en', { designCapacityMw: 1.5, surveyAreaWanM2: 0.1234 })).toBe(
      'Includes 1.5\u00a0MW and 1,234\u00a0m²',
    );
  });

  it('names only what the plan grants, and nothing for neither', () => {
    expect(planQuotaLine(translator('zh-CN'), 'zh-CN', { designCapacityMw: 20, surveyAreaWanM2: 0 })).toBe(
      '含优化设计容量20MW',
    );
    expect(planQuotaLine(translator('en'), 'en', { designCapacityMw: 0, surveyAreaWanM2: 10 })).toBe(
      'Includes 100,000\u00a0m²',
    );
    expect(planQuotaLine(translator('en'), 'en', { designCapacityMw: 0, surveyAreaWanM2: 0 })).toBeNull();
  });

  it('groups thousands in English only and keeps 4 decimals at most', () => {
    expect(quotaNumberText(1000, 'zh-CN')).toBe('1000');
    expect(quotaNumberText(1000, 'en')).toBe('1,000');
    expect(quotaNumberText(0.12345, 'en')).toBe('0.1235');
  });
});
