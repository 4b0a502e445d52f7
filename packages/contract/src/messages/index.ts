import { en } from './en';
import { type MessageKey, zhCN } from './zh-CN';

export type { MessageKey } from './zh-CN';
export type Language = 'zh-CN' | 'en';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

const catalogues: Record<Language, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(zhCN, value);
}

/** Formats a message in a language, replacing `{name}` placeholders by params. */
export function formatMessage(
  language: Language,
  key: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const template = catalogues[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Picks zh-CN or en from an Accept-Language style header; zh-CN when unknown. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

export { en, zhCN };
