/** Dates typed and shown as `yyyy-MM-dd HH:mm:ss` in the browser's time zone (spec 001 §5); values are epoch seconds. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const pad = (value: number): string => String(value).padStart(2, '0');

export function formatDateTime(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return `${formatMinute(epochSeconds)}:${pad(date.getSeconds())}`;
}

/** `yyyy-MM-dd HH:mm`, for tables where the seconds only take room. */
export function formatMinute(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Epoch seconds of a `yyyy-MM-dd HH:mm:ss` text, or null when it is not one (including 2024-02-30). */
export function parseDateTime(text: string): number | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day, hour, minute, second);
  const roundTrips =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute &&
    date.getSeconds() === second;
  return roundTrips ? Math.floor(date.getTime() / 1000) : null;
}
