import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, normalizeLanguage, FALLBACK_LANGUAGE } from './i18n';

export function LanguageSwitcher({ showLabel }: { showLabel: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const current = normalizeLanguage(i18n.resolvedLanguage) ?? FALLBACK_LANGUAGE;

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        onClick: ({ key }) => {
          // Toasts on screen were worded in the old language: they go with it.
          message.destroy();
          void i18n.changeLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.label')}>
        {showLabel && t(`language.${current}`)}
      </Button>
    </Dropdown>
  );
}
