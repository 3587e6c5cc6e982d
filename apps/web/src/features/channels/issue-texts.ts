import {
  CHANNEL_ISSUE_CODES,
  CHANNEL_ISSUE_MESSAGES,
  type ChannelIssueCode,
  type MessageLanguage,
} from '@tollgate/contracts';

/**
 * The console reports the same rule breaks as the server (contracts), in the same words: the texts come from
 * the shared catalogue, with its `{name}` placeholders turned into i18next's `{{name}}`.
 */
export function issueTexts(language: MessageLanguage): Record<ChannelIssueCode, string> {
  const entries = CHANNEL_ISSUE_CODES.map(
    (code) => [code, CHANNEL_ISSUE_MESSAGES[code][language].replace(/\{(\w+)\}/g, '{{$1}}')] as const,
  );
  return Object.fromEntries(entries) as Record<ChannelIssueCode, string>;
}
