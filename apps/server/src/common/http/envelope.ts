import { type Envelope } from '@tollgate/contracts';

export const ok = <T>(data?: T, message = ''): Envelope<T> =>
  data === undefined ? { success: true, message } : { success: true, message, data };

export const fail = (message: string): Envelope<never> => ({ success: false, message });
