import { validateSync } from 'class-validator';
import { OptionalText } from './optional-text.decorator';

class Form {
  @OptionalText(5)
  field?: unknown;
}

/** The constraints a value breaks, in the order the answer would name them. */
const broken = (value: unknown): string[] => {
  const form = new Form();
  form.field = value;
  return validateSync(form).flatMap((error) => Object.keys(error.constraints ?? {}));
};

describe('optional text fields', () => {
  it('accepts an absent value and text up to the cap', () => {
    expect(broken(undefined)).toEqual([]);
    expect(broken(null)).toEqual([]);
    expect(broken('')).toEqual([]);
    expect(broken('abcde')).toEqual([]);
    expect(broken('abcdef')).toEqual(['maxLength']);
  });

  it('names a wrong type before its length', () => {
    expect(broken(42)).toEqual(['isString', 'maxLength']);
  });
});
