import { ApiProperty } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

type Options = Record<string, unknown>;

interface Rule {
  type: string;
  name?: string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
}

// What each class-validator rule says about a property's schema; rules not listed here add nothing.
const SCHEMA_OF_RULE: Record<string, (options: Options, constraints: unknown[]) => void> = {
  isString: (o) => (o.type = String),
  isInt: (o) => (o.type = 'integer'),
  isNumber: (o) => (o.type = Number),
  isNumberString: (o) => (o.type = String),
  isBoolean: (o) => (o.type = Boolean),
  isEmail: (o) => Object.assign(o, { type: String, format: 'email' }),
  isUrl: (o) => Object.assign(o, { type: String, format: 'uri' }),
  isIn: (o, [values]) => (o.enum = values),
  isEnum: (o, [entity]) => (o.enum = entity),
  minLength: (o, [n]) => (o.minLength = n),
  maxLength: (o, [n]) => (o.maxLength = n),
  min: (o, [n]) => (o.minimum = n),
  max: (o, [n]) => (o.maximum = n),
  arrayMinSize: (o, [n]) => (o.minItems = n),
  arrayMaxSize: (o, [n]) => (o.maxItems = n),
  isArray: (o) => (o.isArray = true),
};

const parentOf = (target: object): object | null => Object.getPrototypeOf(target) as object | null;

/** Classes before the classes that extend them: a subclass's property list starts from its parent's. */
const depthOf = (target: object): number => {
  let depth = 0;
  for (let proto = parentOf(target); proto; proto = parentOf(proto)) depth += 1;
  return depth;
};

/**
 * Gives every DTO property the OpenAPI schema its class-validator rules state (type, required, enums, bounds;
 * otherwise its declared TypeScript type), as @ApiProperty would: the document is generated from the
 * same rules that validate requests, with no second description to keep in step. Runs once, before the
 * document is built.
 */
export function describeValidatedClasses(): void {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<object, Rule[]> };
  const targets = [...storage.validationMetadatas.keys()].filter((target) => typeof target === 'function');
  for (const target of targets.sort((a, b) => depthOf(a) - depthOf(b))) {
    const byProperty = new Map<string, Rule[]>();
    for (const rule of storage.validationMetadatas.get(target) ?? [])
      byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    const prototype = (target as { prototype: object }).prototype;
    for (const [property, rules] of byProperty) {
      ApiProperty(propertyOptions(rules))(prototype, property);
    }
  }
}

function propertyOptions(rules: Rule[]): Options {
  // IsOptional and the project's Omittable are conditional validations: the field may be left out.
  const options: Options = { required: !rules.some((rule) => rule.type === 'conditionalValidation') };
  for (const rule of rules) {
    const schema = rule.name ? SCHEMA_OF_RULE[rule.name] : undefined;
    if (!schema) continue;
    schema(options, rule.constraints ?? []);
    if (rule.each) options.isArray = true;
  }
  // No type from the rules (a nested class, an @Allow()ed field): the declared TypeScript type stands.
  return options;
}
