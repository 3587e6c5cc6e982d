import { type ValueTransformer } from 'typeorm';

/** PostgreSQL returns bigint as a string; quota never exceeds 2^53, so a JS number is exact. */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
