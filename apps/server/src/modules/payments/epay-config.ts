import { EPAY_NOTIFY_PATH } from '@tollgate/contracts';

type OptionReader = (
  key: 'PayAddress' | 'EpayId' | 'EpayKey' | 'ServerAddress' | 'CustomCallbackAddress',
) => string;

/** The merchant account and addresses an easy-pay order needs. */
export interface EpayConfig {
  submitUrl: string;
  pid: string;
  key: string;
  notifyUrl: string;
  returnUrl: string;
}

const base = (address: string) => address.trim().replace(/\/+$/, '');

/**
 * Online top-up works only when the gateway's address, the merchant id and key, and our own public address
 * (the callback and the way back) are all set; the status object's enable_online_topup says the same.
 */
export function epayConfig(read: OptionReader): EpayConfig | null {
  const payAddress = base(read('PayAddress'));
  const pid = read('EpayId').trim();
  const key = read('EpayKey');
  const server = base(read('ServerAddress'));
  if (!payAddress || !pid || !key || !server) return null;
  return {
    submitUrl: `${payAddress}/submit.php`,
    pid,
    key,
    notifyUrl: `${base(read('CustomCallbackAddress')) || server}${EPAY_NOTIFY_PATH}`,
    // Back to the wallet, where the credited balance and the order show (upstream returns to its log page).
    returnUrl: `${server}/app/wallet`,
  };
}

export const onlineTopUpReady = (read: OptionReader): boolean => epayConfig(read) !== null;
