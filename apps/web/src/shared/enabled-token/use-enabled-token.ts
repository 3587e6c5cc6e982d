import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { type Page, type Token, TokenStatus } from '@tollgate/contracts';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';

// Spec 001 §7 and §9: the token list fetched for the playground and chat is capped at 100.
const TOKEN_PAGE = 100;
// Spec 001 §4: with no enabled token the page goes to the token list after 1.5 s.
const TO_TOKENS_AFTER_MS = 1500;

/** The user's first enabled token (spec 001 §4: only enabled tokens are used), or null. */
async function fetchFirstEnabledToken(): Promise<Token | null> {
  const page = await apiClient.get<Page<Token>>('/api/token/', { p: 1, size: TOKEN_PAGE });
  return page.items.find((token) => token.status === TokenStatus.Enabled) ?? null;
}

export interface EnabledToken {
  /** The first enabled token; null while loading or when there is none. */
  token: Token | null;
  noToken: boolean;
}

/**
 * The token the playground and chat links work with. With none enabled the page says so and leaves for the
 * token list after 1.5 s (spec 001 §4). `wanted` false skips the lookup (a chat page with nothing to open).
 */
export function useEnabledToken(wanted = true): EnabledToken {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['enabled-token'], queryFn: fetchFirstEnabledToken, enabled: wanted });
  const noToken = query.isSuccess && query.data === null;

  useEffect(() => {
    if (!noToken) return;
    void message.error(t('chatLinks.errors.noToken'));
    const timer = setTimeout(() => void navigate({ to: '/app/tokens' }), TO_TOKENS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [noToken, message, navigate, t]);

  return { token: query.data ?? null, noToken };
}
