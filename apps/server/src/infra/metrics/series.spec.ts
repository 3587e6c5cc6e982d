import { Registry } from 'prom-client';
import { CounterSeries, HistogramSeries } from './series';

describe('metric series', () => {
  it('counts per label values, numbers and strings alike, and prints them as Prometheus reads them', async () => {
    const registry = new Registry();
    const calls = new CounterSeries(registry, 'calls_total', 'calls', ['route', 'status']);
    calls.at('/a', 200).value += 1;
    calls.at('/a', 200).value += 2;
    calls.at('/a', 429).value += 1;
    expect(calls.at('/a', 200)).toBe(calls.at('/a', 200));
    const text = await registry.metrics();
    expect(text).toContain('# TYPE calls_total counter');
    expect(text).toContain('calls_total{route="/a",status="200"} 3');
    expect(text).toContain('calls_total{route="/a",status="429"} 1');
  });

  it('puts an observation equal to a bound in that bucket (le) and cumulates the buckets', async () => {
    const registry = new Registry();
    const latency = new HistogramSeries(registry, 'latency_seconds', 'latency', ['route'], [0.1, 1]);
    const cell = latency.at('/a');
    for (const seconds of [0.05, 0.1, 0.5, 1, 7]) latency.observe(cell, seconds);
    const text = await registry.metrics();
    expect(text).toContain('latency_seconds_bucket{route="/a",le="0.1"} 2');
    expect(text).toContain('latency_seconds_bucket{route="/a",le="1"} 4');
    expect(text).toContain('latency_seconds_bucket{route="/a",le="+Inf"} 5');
    expect(text).toContain('latency_seconds_sum{route="/a"} 8.65');
    expect(text).toContain('latency_seconds_count{route="/a"} 5');
  });

  it('refuses more labels than a lookup takes', () => {
    expect(() => new CounterSeries(new Registry(), 'x', 'x', ['a', 'b', 'c', 'd', 'e'])).toThrow(RangeError);
  });
});
