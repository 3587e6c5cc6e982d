import { applyDecorators } from '@nestjs/common';
import { IsInt, IsString, Max, MaxLength, Min, ValidateIf, type ValidationOptions } from 'class-validator';

/** The bounds of the 32-bit integer columns (ids, types, counts, rate limits). */
export const MAX_INT32 = 2_147_483_647;
const MIN_INT32 = -2_147_483_648;

/**
 * The field may be left out; null is refused like any other wrong value. class-validator's IsOptional skips
 * null as well, which let it through to services that read the field as text or a number.
 */
export const Omittable = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

// Each rule's type check is registered first so that a wrong type is named before its bounds.

/**
 * An optional string of at most `max` characters. The caps only keep absurd input out: emptiness and the
 * lengths the spec words are checked by the services, with its messages.
 */
export const OptionalText = (max: number): PropertyDecorator =>
  applyDecorators(IsString(), MaxLength(max), Omittable());

/** A whole number that fits the 32-bit integer columns, at least `min` (ranges with spec messages are the services'). */
export const IsInt32 = (min = MIN_INT32, options: Pick<ValidationOptions, 'each'> = {}): PropertyDecorator =>
  applyDecorators(IsInt(options), Min(min, options), Max(MAX_INT32, options));

/** A row id (path segment or body field): a positive 32-bit integer; larger ones overflow the column type. */
export const IsId = (options: Pick<ValidationOptions, 'each'> = {}): PropertyDecorator => IsInt32(1, options);

/**
 * A quota amount or a difference of one: a whole number JavaScript holds exactly (quota columns are bigint
 * read as numbers). Signs are the services' business, with the spec's messages.
 */
export const IsQuota = (): PropertyDecorator =>
  applyDecorators(IsInt(), Min(-Number.MAX_SAFE_INTEGER), Max(Number.MAX_SAFE_INTEGER));

/** Epoch seconds, 0 = unset. */
export const IsEpochSeconds = (): PropertyDecorator =>
  applyDecorators(IsInt(), Min(0), Max(Number.MAX_SAFE_INTEGER));
