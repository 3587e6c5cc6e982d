import { type Page, type Token, TokenStatus } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

// Spec 001 §7 and §9: the token list fetched for chat is capped at 100.
const CHAT_TOKEN_PAGE = 100;

/** The user's first enabled token (spec 001 §4: only enabled tokens are used), or null. */
export async function fetchFirstEnabledToken(): Promise<Token | null> {
  const page = await apiClient.get<Page<Token>>('/api/token/', { p: 1, size: CHAT_TOKEN_PAGE });
  return page.items.find((token) => token.status === TokenStatus.Enabled) ?? null;
}
