/** The options that price an online top-up (reference §9), read once per request. */
export interface TopUpPricing {
  displayInCurrency: boolean;
  quotaPerUnit: number;
  /** Local currency per US$1 (Price). */
  price: number;
  /** TopupGroupRatio of the user's group; 0 or missing → 1. */
  groupRatio: number;
  minTopUp: number;
}

/** Upper bound of an entered amount: the quota it buys stays an exact JS integer. */
export const MAX_TOP_UP_AMOUNT = 100_000_000;

/** The least amount accepted: MinTopUp dollars, in quota when the site does not display currency. */
export function minimumAmount(p: TopUpPricing): number {
  return p.displayInCurrency ? p.minTopUp : Math.ceil(p.minTopUp * p.quotaPerUnit);
}

/** Quota an amount buys: dollars × QuotaPerUnit, or the quota itself. */
export function quotaFor(amount: number, p: TopUpPricing): number {
  return p.displayInCurrency ? Math.round(amount * p.quotaPerUnit) : amount;
}

/** Amount payable in cents: dollars × Price × group ratio, rounded to the cent as easy-pay's 2 decimals are. */
export function moneyCentsFor(amount: number, p: TopUpPricing): number {
  const dollars = p.displayInCurrency ? amount : amount / p.quotaPerUnit;
  const ratio = p.groupRatio > 0 ? p.groupRatio : 1;
  // toPrecision drops binary noise first (7.3 × 3 is 21.900000000000002), so a half cent rounds as written.
  return Math.round(Number((dollars * p.price * ratio * 100).toPrecision(12)));
}

export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Easy-pay's `money` ("73", "73.5", "73.50") in cents; null when it is not such a number. */
export function parseMoney(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
