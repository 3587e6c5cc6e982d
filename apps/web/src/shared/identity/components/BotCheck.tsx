import type { useBotCheck } from '../hooks/use-bot-check';
import { TurnstileWidget } from './TurnstileWidget';

/** Renders the Turnstile widget of a form only when the site turned the bot check on; a new one per token. */
export function BotCheck({ check }: { check: ReturnType<typeof useBotCheck> }) {
  if (!check.enabled) return null;
  return <TurnstileWidget key={check.generation} siteKey={check.siteKey} onToken={check.setToken} />;
}
