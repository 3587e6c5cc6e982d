/** Quota presets offered for tokens and redemption codes (spec 001 §9), labelled in dollars at 500000 per $. */
export const QUOTA_PRESETS = [500000, 5000000, 25000000, 50000000, 250000000, 500000000] as const;
