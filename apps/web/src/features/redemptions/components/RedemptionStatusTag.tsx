import { REDEMPTION_UNLIMITED_USES, RedemptionStatus, type Redemption } from '@tollgate/contracts';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 001 §4: unused, disabled, used; gift codes also show how often they were redeemed. */
export function RedemptionStatusTag({ code }: { code: Redemption }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={4}>
      <StatusTag status={code.status} />
      {code.is_gift && (
        <Tag color="purple">
          {t('redemptions.status.gift')} ·{' '}
          {t('redemptions.status.uses', {
            used: code.used_count,
            max:
              code.max_uses === REDEMPTION_UNLIMITED_USES
                ? t('redemptions.status.unlimitedUses')
                : code.max_uses,
          })}
        </Tag>
      )}
    </Flex>
  );
}

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  switch (status) {
    case RedemptionStatus.Unused:
      return <Tag color="green">{t('redemptions.status.unused')}</Tag>;
    case RedemptionStatus.Disabled:
      return <Tag color="red">{t('redemptions.status.disabled')}</Tag>;
    case RedemptionStatus.Used:
      return <Tag color="default">{t('redemptions.status.used')}</Tag>;
    default:
      return <Tag>{t('redemptions.status.unknown')}</Tag>;
  }
}

/** A gift code whose redemptions reached its limit is shown greyed. */
export function isUsedUpGift(code: Redemption): boolean {
  return code.is_gift && code.max_uses !== REDEMPTION_UNLIMITED_USES && code.used_count >= code.max_uses;
}
