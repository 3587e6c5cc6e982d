import { applyDecorators } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';

// An optional string of at most `max` characters. The caps only keep absurd input out: emptiness and the
// lengths the spec words are checked by the services, with its messages.
// The answer names a field's first failed constraint: a wrong type is named as such ("must be text"), not by
// its length.
export const OptionalText = (max: number): PropertyDecorator =>
  applyDecorators(IsString(), MaxLength(max), IsOptional());
