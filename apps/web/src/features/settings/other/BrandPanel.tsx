import { Avatar, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { PreviewedText } from './ContentPanels';

const BRAND_KEYS = ['SystemName', 'Logo', 'general_setting.docs_link', 'Footer'] as const;

/** The typed logo address as a small image, once it looks like an address. */
function LogoPreview() {
  const { t } = useTranslation();
  const logo = Form.useWatch<string | undefined>('Logo', Form.useFormInstance())?.trim() ?? '';
  if (!/^https?:\/\/\S+$/i.test(logo)) return null;
  return (
    <Flex align="center" gap={8} style={{ marginTop: -8, marginBottom: 16 }}>
      <span>{t('settings.other.brand.logoPreview')}</span>
      <Avatar shape="square" size={40} src={logo} alt={t('settings.other.brand.logoPreview')} />
    </Flex>
  );
}

/** System name, logo, documentation address and footer. */
export function BrandPanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.other.brand' });
  return (
    <OptionPanel title={label('title')} keys={BRAND_KEYS} stored={stored}>
      <OptionText name="SystemName" label={label('systemName')} extra={label('systemNameHint')} />
      <OptionText
        name="Logo"
        label={label('logo')}
        extra={label('logoHint')}
        placeholder="https://example.com/logo.png"
      />
      <LogoPreview />
      <OptionText
        name="general_setting.docs_link"
        label={label('docsLink')}
        extra={label('docsLinkHint')}
        placeholder="https://docs.example.com"
      />
      <PreviewedText
        name="Footer"
        label={label('footer')}
        hint={label('footerHint')}
        format="html"
        rows={4}
      />
    </OptionPanel>
  );
}
