export type MessageHandler = (message: string) => void;

/** Told when a subscriber's handler throws; the other handlers still get the message. */
export type HandlerErrorLogger = (channel: string, error: unknown) => void;

/** Wraps a handler so one failing subscriber can't break delivery to the rest (or crash the process). */
export function guardHandler(
  channel: string,
  handler: MessageHandler,
  logError: HandlerErrorLogger,
): MessageHandler {
  return (message) => {
    try {
      handler(message);
    } catch (error) {
      logError(channel, error);
    }
  };
}
