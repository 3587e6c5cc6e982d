import type { OAuthCodeProvider } from '@tollgate/contracts';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import { CopyableCode } from '../../../shared/components/CopyableCode';
import { useStoredOptions } from '../components/OptionPanel';

type ProviderAddressProps =
  | { kind: 'homepage' | 'domain' }
  /** The console page the provider returns to (/oauth/{provider}), as the server sends it as redirect_uri. */
  | { kind: 'callback'; provider: OAuthCodeProvider };

const HOST = /^https?:\/\/([^/:?#]+)/i;

/** What the stored server address gives for `kind`: a full address, or the bare host a provider asks for. */
function addressOf(serverAddress: string, props: ProviderAddressProps): string | null {
  const base = serverAddress.trim().replace(/\/+$/, '');
  if (!base) return null;
  switch (props.kind) {
    case 'homepage':
      return base;
    case 'callback':
      return `${base}/oauth/${props.provider}`;
    case 'domain':
      return HOST.exec(base)?.[1] ?? null;
  }
}

/**
 * The addresses the admin registers with a login provider, built from the stored ServerAddress the same
 * way the server builds its redirect addresses, each with a copy button; one note while none is stored.
 */
export function ProviderAddresses({ items }: { items: readonly ProviderAddressProps[] }) {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const serverAddress = useStoredOptions().values.ServerAddress ?? '';
  const addresses = items.flatMap((item) => {
    const address = addressOf(serverAddress, item);
    return address === null ? [] : [{ kind: item.kind, address }];
  });
  if (addresses.length < items.length) {
    return (
      <Form.Item>
        <Typography.Text type="secondary">{t('settings.system.provider.noServerAddress')}</Typography.Text>
      </Form.Item>
    );
  }
  return addresses.map(({ kind, address }) => (
    <Form.Item key={kind} label={t(`settings.system.provider.${kind}`)}>
      <CopyableCode
        text={address}
        copyLabel={t('settings.system.provider.copy')}
        onCopy={() => void copyText(address)}
      />
    </Form.Item>
  ));
}
