import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../locales/i18n';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '../locales/resources';

/** Language menu (zh-CN / en); the choice is remembered in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const items: MenuProps['items'] = LANGUAGES.map((language) => ({
    key: language,
    label: t(`language.${language}`),
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        data-testid="language-switch"
      >
        {t(`language.${current}`)}
      </Button>
    </Dropdown>
  );
}
