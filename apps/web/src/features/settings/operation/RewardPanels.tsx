import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSwitch } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { FieldGrid } from './FieldGrid';
import { QuotaNumber } from './QuotaNumber';

const CHECK_IN_KEYS = ['CheckInEnabled', 'CheckInQuota', 'CheckInMaxQuota'] as const;

const QUOTA_KEYS = [
  'QuotaForNewUser',
  'PreConsumedQuota',
  'QuotaForInviter',
  'QuotaForInvitee',
  'QuotaRemindThreshold',
  'AffEnabled',
] as const;

const REBATE_KEYS = ['RebateEnabled', 'RebatePercentage'] as const;

/** The daily check-in reward: fixed, or random up to a maximum (reference §8.6). */
export function CheckInPanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.checkIn' });
  return (
    <OptionPanel title={label('title')} keys={CHECK_IN_KEYS} stored={stored}>
      <FieldGrid>
        <OptionSwitch name="CheckInEnabled" label={label('enabled')} />
        <QuotaNumber name="CheckInQuota" label={label('quota')} extra={label('quotaHint')} />
        <QuotaNumber name="CheckInMaxQuota" label={label('maxQuota')} extra={label('maxQuotaHint')} />
      </FieldGrid>
    </OptionPanel>
  );
}

/** Grants for new and invited users, the per-request reservation and the low balance reminder. */
export function QuotaPanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.quota' });
  return (
    <OptionPanel title={label('title')} keys={QUOTA_KEYS} stored={stored}>
      <FieldGrid>
        <QuotaNumber name="QuotaForNewUser" label={label('forNewUser')} />
        <QuotaNumber name="PreConsumedQuota" label={label('preConsumed')} extra={label('preConsumedHint')} />
        <QuotaNumber name="QuotaForInviter" label={label('forInviter')} extra={label('forInviterHint')} />
        <QuotaNumber name="QuotaForInvitee" label={label('forInvitee')} />
        <QuotaNumber
          name="QuotaRemindThreshold"
          label={label('remindThreshold')}
          extra={label('remindThresholdHint')}
        />
        <OptionSwitch name="AffEnabled" label={label('affEnabled')} extra={label('affEnabledHint')} />
      </FieldGrid>
    </OptionPanel>
  );
}

/** The inviter's share of an invited user's top-ups (reference §9, derivative). */
export function RebatePanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.rebate' });
  return (
    <OptionPanel title={label('title')} keys={REBATE_KEYS} stored={stored}>
      <FieldGrid>
        <OptionSwitch name="RebateEnabled" label={label('enabled')} extra={label('enabledHint')} />
        {/* Unclamped: a number beyond 100 stays typed and shows the spec's 0–100 message. */}
        <OptionNumber
          name="RebatePercentage"
          label={label('percentage')}
          extra={label('percentageHint')}
          unit="%"
          step={1}
          clamp={false}
        />
      </FieldGrid>
    </OptionPanel>
  );
}
