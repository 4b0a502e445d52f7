import 'i18next';
import type { zhCNMessages } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    resources: { translation: typeof zhCNMessages };
  }
}
