// Percentiles over exact samples (autocannon's own histogram keeps whole milliseconds only).
export interface LatencySummary {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

function rankIn(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  return {
    p50: rankIn(sorted, 50),
    p99: rankIn(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1],
    count: sorted.length,
  };
}
