/** Spec 001 §9: a call's use time is green under 101 s, orange under 300 s, else red. */
export function callTimeColour(seconds: number): string {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** Spec 001 §9: the first token is green under 3 s, orange under 10 s, else red (`frt` is in ms). */
export function firstTokenColour(milliseconds: number): string {
  if (milliseconds < 3000) return 'green';
  if (milliseconds < 10000) return 'orange';
  return 'red';
}
