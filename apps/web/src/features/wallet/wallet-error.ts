import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/** Spec 001 §8: a network failure of the balance or a redemption reads 请求失败; other errors keep their message. */
export function walletErrorMessage(error: Error, t: TFunction): string {
  return error instanceof ApiError && error.kind === 'network' ? t('wallet.requestFailed') : error.message;
}
