import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language, messages } from './resources';

const STORAGE_KEY = 'language';

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: messages['zh-CN'] },
    en: { translation: messages.en },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['zh-CN', 'en'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
applyLanguage(currentLanguage());

/** The language in use (one of LANGUAGES). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the language and remembers the choice in localStorage. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  applyLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}
