import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionJson } from '../components/option-fields';
import type { StoredOptions } from '../option-values';

const CHATS_KEYS = ['Chats'] as const;
const GROUP_KEYS = ['GroupRatio', 'UserUsableGroups'] as const;

/** The chat apps offered beside each token, as link templates. */
export function ChatsPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  return (
    <OptionPanel title={t('settings.operation.chats.title')} keys={CHATS_KEYS} stored={stored}>
      <OptionJson
        name="Chats"
        label={t('settings.operation.chats.links')}
        extra={t('settings.operation.chats.linksHint')}
        rows={10}
        pretty
      />
    </OptionPanel>
  );
}

/** Group prices and the groups users may pick for their tokens. */
export function GroupPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  return (
    <OptionPanel title={t('settings.operation.group.title')} keys={GROUP_KEYS} stored={stored}>
      <OptionJson
        name="GroupRatio"
        label={t('settings.operation.group.ratio')}
        extra={t('settings.operation.group.ratioHint')}
        pretty
      />
      <OptionJson
        name="UserUsableGroups"
        label={t('settings.operation.group.usable')}
        extra={t('settings.operation.group.usableHint')}
        pretty
      />
    </OptionPanel>
  );
}
