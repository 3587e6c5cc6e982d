import { IsInt, Max, Min } from 'class-validator';

const MAX_INT32 = 2_147_483_647;

/** A whole number that fits the 32-bit integer columns (ids, types, token counts). */
export function IsInt32(min: number, options: { each?: boolean } = {}): PropertyDecorator {
  return (target, property) => {
    IsInt(options)(target, property);
    Min(min, options)(target, property);
    Max(MAX_INT32, options)(target, property);
  };
}
