import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<page> - <product name>" in the current language. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
