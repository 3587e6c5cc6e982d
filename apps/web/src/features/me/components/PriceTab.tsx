import type { SelfUser } from '@tollgate/contracts';
import { Alert, Button, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSetting } from '../hooks/use-user-setting';

/** Whether calls to models without a price are accepted (user setting accept_unset_model_ratio_model). */
export function PriceTab({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const setting = useUserSetting(user);
  const [accept, setAccept] = useState(setting.current.accept_unset_model_ratio_model);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Flex align="center" gap={12}>
        <Switch checked={accept} onChange={setAccept} aria-label={t('me.price.acceptUnset')} />
        <Typography.Text>{t('me.price.acceptUnset')}</Typography.Text>
      </Flex>
      <Alert type="warning" showIcon title={t('me.price.acceptUnsetHint')} />
      <div>
        <Button
          type="primary"
          loading={setting.isSaving}
          onClick={() => setting.save({ accept_unset_model_ratio_model: accept })}
        >
          {t('me.save')}
        </Button>
      </div>
    </Flex>
  );
}
