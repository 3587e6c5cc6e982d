import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';

const CODE_KEYS = ['custom_head_html', 'global_css', 'global_js'] as const;

/** Head HTML, CSS and JavaScript the server puts into every console page as written. */
export function CustomCodePanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.other.code' });
  return (
    <OptionPanel title={label('title')} keys={CODE_KEYS} stored={stored}>
      <Alert type="warning" showIcon title={label('warning')} style={{ marginBottom: 16 }} />
      <OptionText
        name="custom_head_html"
        label={label('head')}
        extra={label('headHint')}
        rows={4}
        placeholder={'<meta name="description" content="…" />'}
      />
      <OptionText
        name="global_css"
        label={label('css')}
        extra={label('cssHint')}
        rows={4}
        placeholder={'.ant-layout-header { border-bottom: 1px solid #eee; }'}
      />
      <OptionText
        name="global_js"
        label={label('js')}
        extra={label('jsHint')}
        rows={4}
        placeholder={"console.log('hello');"}
      />
    </OptionPanel>
  );
}
