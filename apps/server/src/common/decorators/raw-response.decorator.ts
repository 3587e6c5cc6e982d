import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const RAW_RESPONSE = 'raw-response';
/** The handler's answer is sent as is (health probes, non-envelope protocols). */
export const RawResponse = () =>
  applyDecorators(SetMetadata(RAW_RESPONSE, true), ApiExtension('x-raw-response', true));
