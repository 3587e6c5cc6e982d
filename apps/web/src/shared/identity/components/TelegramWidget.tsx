import type { TelegramLoginData } from '@tollgate/contracts';
import { useEffect, useId, useRef } from 'react';

const SCRIPT_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/** What the widget hands its callback; numbers are sent on as query strings. */
type WidgetUser = Record<string, string | number | undefined>;

declare global {
  interface Window {
    [callback: `tollgateTelegram${string}`]: ((user: WidgetUser) => void) | undefined;
  }
}

const text = (value: string | number | undefined): string | undefined =>
  value === undefined ? undefined : String(value);

function toFields(user: WidgetUser): TelegramLoginData {
  return {
    id: text(user.id) ?? '',
    first_name: text(user.first_name),
    last_name: text(user.last_name),
    username: text(user.username),
    photo_url: text(user.photo_url),
    auth_date: text(user.auth_date) ?? '',
    hash: text(user.hash) ?? '',
  };
}

interface TelegramWidgetProps {
  botName: string;
  onAuth: (fields: TelegramLoginData) => void;
}

/** Telegram's own login button: its script renders a frame and calls back with the signed fields. */
export function TelegramWidget({ botName, onAuth }: TelegramWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const callbackName = `tollgateTelegram${useId().replace(/[^a-zA-Z0-9]/g, '')}` as const;
  const latestOnAuth = useRef(onAuth);

  useEffect(() => {
    latestOnAuth.current = onAuth;
  }, [onAuth]);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    window[callbackName] = (user) => latestOnAuth.current(toFields(user));
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.requestAccess = 'write';
    script.dataset.onauth = `${callbackName}(user)`;
    host.appendChild(script);
    return () => {
      delete window[callbackName];
      host.replaceChildren();
    };
  }, [botName, callbackName]);

  return <div ref={container} style={{ display: 'flex', justifyContent: 'center' }} />;
}
