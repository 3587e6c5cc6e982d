import {
  CHANNEL_ISSUE_CODES,
  CHANNEL_ISSUE_MESSAGES,
  type ChannelIssue,
  type ChannelIssueCode,
} from '@tollgate/contracts';
import { type AppError, errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

// The console checks the same rules (contracts); every refusal is a business error the console shows as is.
export const CHANNEL_ERRORS = Object.fromEntries(
  CHANNEL_ISSUE_CODES.map((code) => [code, { kind: 'business', ...CHANNEL_ISSUE_MESSAGES[code] }]),
) as ErrorCatalogue<ChannelIssueCode>;

export const channelError = errorFactory(CHANNEL_ERRORS);

export const issueError = (issue: ChannelIssue): AppError => channelError(issue.code, issue.params);

/** Throws the first issue found, if any. */
export function refuse(...issues: Array<ChannelIssue | null>): void {
  const issue = issues.find((candidate) => candidate !== null);
  if (issue) throw issueError(issue);
}
