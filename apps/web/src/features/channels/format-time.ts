const pad = (value: number): string => String(value).padStart(2, '0');

/** Epoch seconds as local `YYYY-MM-DD HH:mm:ss` (0 or less: empty). */
export function formatTimestamp(seconds: number): string {
  if (!seconds || seconds <= 0) return '';
  const date = new Date(seconds * 1000);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
