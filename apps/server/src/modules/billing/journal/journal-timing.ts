// A cached balance unused this long is dropped and later loaded again as database − unsettled. Each debit
// restarts the clock. A database write made behind the ledger's back (a manual SQL edit) shows once the
// balance has rested this long.
export const BALANCE_TTL_SECONDS = 600;
export const BALANCE_TTL_MS = BALANCE_TTL_SECONDS * 1000;

// A process says it is alive this often; one silent for the liveness window has its holds given back.
export const KEEP_ALIVE_INTERVAL_MS = 2_000;
export const JOURNAL_LIVENESS_MS = 10_000;
