import { describe, expect, it } from 'vitest';
import { LANGUAGES, messages } from './resources';

/** Every area file, keyed by its path, e.g. `./zh-CN/login.json`. */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

interface AreaFile {
  readonly language: string;
  readonly area: string;
  readonly entries: Record<string, unknown>;
}

const areaFiles: AreaFile[] = Object.entries(files).map(([path, entries]) => {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected locale file path ${path}`);
  return { language: match[1], area: match[2], entries };
});

function areasOf(language: string): string[] {
  return areaFiles
    .filter((file) => file.language === language)
    .map((file) => file.area)
    .sort();
}

function fileOf(language: string, area: string): AreaFile | undefined {
  return areaFiles.find((file) => file.language === language && file.area === area);
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('locale files', () => {
  it('has a folder for every language and no other', () => {
    const languages = [...new Set(areaFiles.map((file) => file.language))].sort();
    expect(languages).toEqual([...LANGUAGES].sort());
  });

  it('has the same area files in every language', () => {
    const reference = areasOf('zh-CN');
    expect(reference.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(areasOf(language), language).toEqual(reference);
  });

  it('has the same keys in both languages, area by area', () => {
    const problems: string[] = [];
    for (const area of areasOf('zh-CN')) {
      const zh = Object.keys(fileOf('zh-CN', area)?.entries ?? {});
      const en = Object.keys(fileOf('en', area)?.entries ?? {});
      for (const key of zh) if (!en.includes(key)) problems.push(`en/${area}.json lacks ${key}`);
      for (const key of en) if (!zh.includes(key)) problems.push(`zh-CN/${area}.json lacks ${key}`);
    }
    expect(problems).toEqual([]);
  });

  it('has only non-empty string values with the same placeholders in both languages', () => {
    const problems: string[] = [];
    for (const file of areaFiles) {
      for (const [key, value] of Object.entries(file.entries)) {
        if (typeof value !== 'string')
          problems.push(`${file.language}/${file.area}.json ${key} is not a string`);
        else if (value.trim() === '') problems.push(`${file.language}/${file.area}.json ${key} is empty`);
      }
    }
    for (const area of areasOf('zh-CN')) {
      const zh = fileOf('zh-CN', area)?.entries ?? {};
      const en = fileOf('en', area)?.entries ?? {};
      for (const [key, value] of Object.entries(zh)) {
        const other = en[key];
        if (typeof value !== 'string' || typeof other !== 'string') continue;
        if (placeholders(value).join() !== placeholders(other).join()) {
          problems.push(`${area}.json ${key}: placeholders differ between zh-CN and en`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses each key in only one area of a language', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const seen = new Map<string, string>();
      for (const file of areaFiles.filter((candidate) => candidate.language === language)) {
        for (const key of Object.keys(file.entries)) {
          const earlier = seen.get(key);
          if (earlier) problems.push(`${language}: ${key} is in both ${earlier}.json and ${file.area}.json`);
          seen.set(key, file.area);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('registers every area file in the catalogue the app loads', () => {
    for (const file of areaFiles) {
      const catalogue: Record<string, string> = messages[file.language as keyof typeof messages];
      for (const [key, value] of Object.entries(file.entries)) {
        expect(catalogue[key], `${file.language}/${file.area}.json ${key}`).toBe(value);
      }
    }
  });
});
