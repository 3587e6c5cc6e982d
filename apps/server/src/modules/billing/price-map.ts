/** A ratio/price option parsed once: exact names first, then the longest `prefix*` wildcard. */
export class PriceMap {
  private readonly exact = new Map<string, number>();
  private readonly wildcards: Array<[prefix: string, value: number]> = [];

  constructor(raw: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // Options are validated when written; an unreadable value prices nothing rather than crashing calls.
      parsed = {};
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      if (name.endsWith('*')) this.wildcards.push([name.slice(0, -1), value]);
      else this.exact.set(name, value);
    }
    this.wildcards.sort((a, b) => b[0].length - a[0].length);
  }

  /** The value for a model; `gpt-4-gizmo-abc` finds `gpt-4-gizmo-*` (reference §2.1). */
  lookup(model: string): number | undefined {
    const exact = this.exact.get(model);
    if (exact !== undefined) return exact;
    return this.wildcards.find(([prefix]) => model.startsWith(prefix))?.[1];
  }
}
