import { MEMBERSHIP_FEATURE_GROUPS } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { type Language, type MessageKey, messages } from '../../locales/resources';
import { featureGroupMessageKey, featureMessageKey, featureName } from './featureNames';

const translator = (language: Language) => (key: MessageKey) => messages[language][key];

describe('feature names of the subscription page (spec 001 §6)', () => {
  it('has every group and feature of the contract in both locale files', () => {
    const missing: string[] = [];
    for (const group of MEMBERSHIP_FEATURE_GROUPS) {
      const keys = [
        featureGroupMessageKey(group.key),
        ...group.children.map((child) => featureMessageKey(child.key)),
      ];
      for (const key of keys) {
        for (const language of ['zh-CN', 'en'] as const) {
          if (!messages[language][key]) missing.push(`${language} ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('says what the server names them in each language (the API’s `name` and the UI agree)', () => {
    const differences: string[] = [];
    for (const group of MEMBERSHIP_FEATURE_GROUPS) {
      for (const item of [group, ...group.children]) {
        const zh = featureName(translator('zh-CN'), { key: item.key, name: '' });
        const en = featureName(translator('en'), { key: item.key, name: '' });
        if (zh !== item.zh) differences.push(`zh-CN ${item.key}: ${zh} ≠ ${item.zh}`);
        if (en !== item.en) differences.push(`en ${item.key}: ${en} ≠ ${item.en}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('keeps the Chinese names and shows English ones in English', () => {
    const zh = translator('zh-CN');
    const en = translator('en');
    expect(featureName(zh, { key: 'generationAssessment', name: 'x' })).toBe('发电量评估');
    expect(featureName(en, { key: 'generationAssessment', name: 'x' })).toBe('Power-generation assessment');
    expect(featureName(zh, { key: 'roofObstacles', name: 'x' })).toBe('屋顶及障碍物绘制');
    expect(featureName(en, { key: 'roofObstacles', name: 'x' })).toBe('Roofs and obstacles');
    expect(featureName(zh, { key: 'structureCalcExport', name: 'x' })).toBe('清单及结构计算书导出');
    expect(featureName(en, { key: 'detailedDesign', name: 'x' })).toBe('Detailed design');
  });

  it('falls back to the server’s name for a key this build does not know', () => {
    expect(featureName(translator('en'), { key: 'laterFeature', name: '以后的功能' })).toBe('以后的功能');
  });
});
