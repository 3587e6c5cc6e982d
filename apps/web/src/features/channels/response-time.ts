/** Spec §9 response-time colours: 0 untested; ≤ 1 s green; ≤ 3 s lime; ≤ 5 s yellow; above red. */
export function responseTimeColor(milliseconds: number): string | undefined {
  if (milliseconds <= 0) return undefined;
  if (milliseconds <= 1000) return 'green';
  if (milliseconds <= 3000) return 'lime';
  if (milliseconds <= 5000) return 'yellow';
  return 'red';
}
