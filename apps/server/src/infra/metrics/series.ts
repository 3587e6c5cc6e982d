import { type Registry } from 'prom-client';

type Key = string | number;
type Labels = Record<string, string>;

export interface CounterCell {
  value: number;
}

export interface HistogramCell {
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * Label values → one cell, as nested maps keyed by the raw values (numbers stay numbers): once a cell exists,
 * recording into it is a few map lookups and an addition, no label string or object is built. Label values
 * are turned into strings once, when their cell is made, and read by prom-client only when scraped.
 */
class CellTree<C> {
  private readonly root = new Map<Key, unknown>();
  readonly cells: Array<{ labels: Labels; cell: C }> = [];

  constructor(
    private readonly labelNames: readonly string[],
    private readonly create: () => C,
  ) {
    // at() takes up to four label values without building an array per call.
    if (labelNames.length > 4) throw new RangeError(`at most 4 labels, got ${labelNames.join(', ')}`);
  }

  at(k0: Key = '', k1: Key = '', k2: Key = '', k3: Key = ''): C {
    const depth = this.labelNames.length;
    let map = this.root;
    for (let level = 0; level < depth - 1; level++) {
      const key = level === 0 ? k0 : level === 1 ? k1 : k2;
      let next = map.get(key) as Map<Key, unknown> | undefined;
      if (next === undefined) {
        next = new Map<Key, unknown>();
        map.set(key, next);
      }
      map = next;
    }
    const last = depth <= 1 ? k0 : depth === 2 ? k1 : depth === 3 ? k2 : k3;
    let cell = map.get(last) as C | undefined;
    if (cell === undefined) {
      cell = this.create();
      map.set(last, cell);
      const values = [k0, k1, k2, k3];
      const labels: Labels = {};
      this.labelNames.forEach((name, index) => (labels[name] = String(values[index])));
      this.cells.push({ labels, cell });
    }
    return cell;
  }
}

/** A counter whose cells are plain numbers (see CellTree); prom-client reads them when scraped. */
export class CounterSeries extends CellTree<CounterCell> {
  constructor(registry: Registry, name: string, help: string, labelNames: readonly string[]) {
    super(labelNames, () => ({ value: 0 }));
    registry.registerMetric({
      name,
      get: () => ({
        name,
        help,
        type: 'counter',
        aggregator: 'sum',
        values: this.cells.map(({ labels, cell }) => ({ labels, value: cell.value })),
      }),
    } as unknown as Parameters<Registry['registerMetric']>[0]);
  }
}

/** A histogram kept as per-bucket counts (see CellTree); cumulated into Prometheus buckets when scraped. */
export class HistogramSeries extends CellTree<HistogramCell> {
  constructor(
    registry: Registry,
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly bounds: readonly number[],
  ) {
    super(labelNames, () => ({ buckets: new Float64Array(bounds.length + 1), sum: 0, count: 0 }));
    registry.registerMetric({
      name,
      get: () => ({ name, help, type: 'histogram', aggregator: 'sum', values: this.values(name) }),
    } as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** Records one observation (seconds). */
  observe(cell: HistogramCell, value: number): void {
    const bounds = this.bounds;
    let index = 0;
    while (index < bounds.length && value > bounds[index]) index++;
    cell.buckets[index] += 1;
    cell.sum += value;
    cell.count += 1;
  }

  private values(name: string) {
    return this.cells.flatMap(({ labels, cell }) => {
      let cumulative = 0;
      const buckets = [...this.bounds, '+Inf' as const].map((le, index) => {
        cumulative += cell.buckets[index];
        return { metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative };
      });
      return [
        ...buckets,
        { metricName: `${name}_sum`, labels, value: cell.sum },
        { metricName: `${name}_count`, labels, value: cell.count },
      ];
    });
  }
}
