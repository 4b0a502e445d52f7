import type { MessageKey } from '../../locales/resources';

/**
 * What the rule factories need from i18next: a message for a key. Pass `(key, values) => t(key, values)`
 * from `useTranslation()`; tests pass a plain lookup. Kept apart from `locales/i18n` so the pure
 * rules can be tested in node without a DOM.
 */
export type Translate = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

/** An antd Form rule object with an async validator (the shape `Form.Item rules` accepts). */
export interface ValidatorRule {
  readonly validator: (rule: unknown, value: unknown) => Promise<void>;
}

/** A rule that passes when `check` answers null and otherwise fails with the translated message. */
export function ruleFrom(check: (value: unknown) => MessageKey | null, t: Translate): ValidatorRule {
  return {
    validator: (_rule, value) => {
      const key = check(value);
      return key === null ? Promise.resolve() : Promise.reject(new Error(t(key)));
    },
  };
}
