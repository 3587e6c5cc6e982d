import { ChannelType, channelTypeInfo } from '@tollgate/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Provider names are brand names; only the custom type has a translated name. */
export function useChannelTypeName(): (type: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (type: number) =>
      type === ChannelType.Custom
        ? t('channels.form.customType')
        : (channelTypeInfo(type)?.name ?? `#${type}`),
    [t],
  );
}
