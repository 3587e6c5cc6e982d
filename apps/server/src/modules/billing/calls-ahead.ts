// A call goes upstream before its reservation is answered only when the balances last seen here cover it, with
// every other call doing so here, this many times over: a refusal (and an upstream call paid for nothing) then
// takes others spending nine tenths of the balance meanwhile.
const AHEAD_COVER = 10;

/**
 * The calls of this process that went upstream before their reservations were answered
 * (QuotaLedger.reserveAhead): their amounts by the balance keys they draw on.
 */
export class CallsAhead {
  private readonly amounts = new Map<string, number>();

  constructor(private readonly seen: (balanceKey: string) => number | undefined) {}

  /** Counts the call in when the balances seen cover it; answers what counts it out once answered, else null. */
  admit(balanceKeys: readonly string[], amount: number): (() => void) | null {
    const covered = balanceKeys.every((key) => {
      const balance = this.seen(key);
      return balance !== undefined && balance > AHEAD_COVER * ((this.amounts.get(key) ?? 0) + amount);
    });
    if (!covered) return null;
    this.add(balanceKeys, amount);
    return () => this.add(balanceKeys, -amount);
  }

  private add(balanceKeys: readonly string[], amount: number): void {
    for (const key of balanceKeys) {
      const total = (this.amounts.get(key) ?? 0) + amount;
      if (total > 0) this.amounts.set(key, total);
      else this.amounts.delete(key);
    }
  }
}
