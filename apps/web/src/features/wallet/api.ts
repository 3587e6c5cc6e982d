import {
  type Page,
  type PaymentMethod,
  TOP_UP_ROUTES,
  type TopUpOrder,
  type TopUpPayAnswer,
  type TopUpResult,
} from '@tollgate/contracts';
import { apiClient, requestEnvelope } from '../../lib/api-client';

export function redeemCode(key: string): Promise<TopUpResult> {
  return apiClient.post<TopUpResult>('/api/user/topup', { key });
}

/** The amount payable for `amount` ("12.34", local currency). */
export function fetchAmountPayable(amount: number): Promise<string> {
  return apiClient.post<string>(TOP_UP_ROUTES.amount, { amount, top_up_code: '' });
}

/** Records the order; answers the signed form and the gateway's address it is posted to. */
export async function requestPayment(amount: number, method: PaymentMethod): Promise<TopUpPayAnswer> {
  const envelope = await requestEnvelope<TopUpPayAnswer['data']>(TOP_UP_ROUTES.pay, {
    method: 'POST',
    body: { amount, payment_method: method, top_up_code: '' },
  });
  return envelope as TopUpPayAnswer;
}

export function listOwnOrders(query: { page: number; pageSize: number }): Promise<Page<TopUpOrder>> {
  return apiClient.get<Page<TopUpOrder>>(TOP_UP_ROUTES.self, { p: query.page, page_size: query.pageSize });
}
