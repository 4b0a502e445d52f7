import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import { TOKEN_STORAGE_KEY } from '../api/session';
import { i18n } from '../locales/i18n';
import { bindFeedback } from '../utils/feedback';
import { queryClient } from './queryClient';
import { AppRoutes } from './routes';

const appTheme = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 8,
    // Chinese system fonts first on each platform, then antd's own stack.
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

/** Hands antd's context-aware message and modal APIs to code outside React (the request layer). */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    bindFeedback({ message, modal });
    return () => bindFeedback(null);
  }, [message, modal]);
  return null;
}

function Providers() {
  const { i18n: active } = useTranslation();
  useEffect(() => {
    // A login or logout in another tab changes the token: reload to follow it (spec 000 §4).
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <ConfigProvider locale={active.language === 'en' ? enUS : zhCN} theme={appTheme}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Providers />
    </I18nextProvider>
  );
}
