import { type LocalisedText } from '../../common/i18n/locale';

/** Log lines written by the users module; `{amount}`, `{from}` and `{to}` are quota as the console shows it. */
export const USER_LOG_TEXTS = {
  newUserBonus: { en: 'New user sign-up bonus {amount}', zh: '新用户注册赠送 {amount}' },
  inviteeBonus: { en: 'Bonus for signing up with an invite code {amount}', zh: '使用邀请码赠送 {amount}' },
  inviterReward: { en: 'Reward for inviting a user {amount}', zh: '邀请用户赠送 {amount}' },
  affTransfer: {
    en: 'Transferred {amount} of invitation quota into the balance',
    zh: '划转邀请额度 {amount} 到余额',
  },
  adminQuotaChange: {
    en: 'Administrator changed the quota from {from} to {to}',
    zh: '管理员将用户额度从 {from} 修改为 {to}',
  },
  checkInReward: { en: 'Daily check-in reward {amount}', zh: '每日签到奖励 {amount}' },
  rebateReceived: {
    en: 'Rebate {amount} for the top-up of {credited} by invited user {invitee}',
    zh: '邀请用户 {invitee} 充值 {credited}，获得返佣 {amount}',
  },
  rebateGiven: {
    en: 'Your top-up of {credited} earned your inviter {inviter} a rebate of {amount}',
    zh: '充值 {credited}，邀请人 {inviter} 获得返佣 {amount}',
  },
} satisfies Record<string, LocalisedText>;
