import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { commonError } from '../errors/common.errors';
import { validationError } from '../errors/validation-errors';

/** The path of the first string (value or key) holding U+0000, or null when there is none. */
export function nulCharacterPath(value: unknown, root: string): string | null {
  const pending: Array<[unknown, string]> = [[value, root]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\0')) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => pending.push([element, `${path}[${index}]`]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const child = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return child;
        pending.push([element, child]);
      }
    }
  }
  return null;
}

/**
 * The global pipe of console input: class-validator DTOs (unknown fields stripped, values converted), and
 * before them one rule for every string a DTO receives: no U+0000. PostgreSQL text cannot hold it, so a
 * stored or searched NUL would fail as an internal error on one database and not the other.
 */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, transform: true, exceptionFactory: (errors) => validationError(errors) });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (this.toValidate(metadata)) {
      const path = nulCharacterPath(value, metadata.data ?? '');
      if (path !== null) throw commonError('nul_character', { field: path || metadata.type });
    }
    return (await super.transform(value, metadata)) as unknown;
  }
}
