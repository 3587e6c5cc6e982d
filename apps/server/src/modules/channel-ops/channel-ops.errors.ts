import { CHANNEL_OPS_ISSUE_CODES, CHANNEL_OPS_MESSAGES, type ChannelOpsIssueCode } from '@tollgate/contracts';
import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

// The console shows these texts as they come (contracts holds them so the console can use the same ones).
export const CHANNEL_OPS_ERRORS = Object.fromEntries(
  CHANNEL_OPS_ISSUE_CODES.map((code) => [code, { kind: 'business', ...CHANNEL_OPS_MESSAGES[code] }]),
) as ErrorCatalogue<ChannelOpsIssueCode>;

export const channelOpsError = errorFactory(CHANNEL_OPS_ERRORS);
