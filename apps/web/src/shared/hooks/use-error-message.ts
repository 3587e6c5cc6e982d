import { App } from 'antd';
import { useEffect } from 'react';

/**
 * Reports a failed load whenever the error changes: with `text` where the spec words the failure, else
 * with the server's message (the API client has already localised it).
 */
export function useErrorMessage(error: Error | null, text?: string): void {
  const { message } = App.useApp();
  useEffect(() => {
    if (error) void message.error(text ?? error.message);
  }, [error, message, text]);
}
