import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'raw-response';
/** The handler's answer is sent as is (health probes, non-envelope protocols). */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
