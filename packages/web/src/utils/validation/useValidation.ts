import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackRules } from './feedbackRules';
import { type NumericRuleName, numericRule } from './numericRules';
import { passwordChangeRules } from './passwordRules';
import type { Translate } from './translate';

/** The rule factories bound to the current language (re-created when it changes). */
export function useValidation() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    void language;
    const translate: Translate = (key, values) => t(key, values ?? {});
    return {
      translate,
      /** One of the spec's numeric rules: `rules={[{ required: true }, numeric('zeroTo1Dec4')]}`. */
      numeric: (name: NumericRuleName) => numericRule(name, translate),
      feedback: () => feedbackRules(translate),
      passwordChange: (getValue: (name: string) => unknown) => passwordChangeRules(translate, getValue),
    };
  }, [t, language]);
}
