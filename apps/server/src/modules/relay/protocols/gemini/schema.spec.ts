import { toGeminiSchema, toJsonSchema } from './schema';

interface Properties {
  root?: { properties?: Properties };
  child?: { properties?: Properties };
}

describe('Gemini schema conversion', () => {
  it('folds nullable unions, keeps string enums and consts, drops what Gemini refuses', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
          level: { type: 'integer', enum: [1, 2], format: 'int32' },
          fixed: { const: 'yes' },
          either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
          free: { type: 'object', properties: {}, additionalProperties: true },
          tuple: { type: 'array', items: [{ type: 'string', examples: ['x'] }] },
        },
        patternProperties: { '^x': { type: 'string' } },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['a', 'b'], nullable: true },
        level: { type: 'integer', format: 'int32' },
        fixed: { type: 'string', enum: ['yes'] },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        free: { type: 'object' },
        tuple: { type: 'array', items: { type: 'string' } },
      },
    });
  });

  it('stops inlining a recursive reference after a few levels', () => {
    const schema = {
      type: 'object',
      properties: { root: { $ref: '#/definitions/Node' } },
      definitions: { Node: { type: 'object', properties: { child: { $ref: '#/definitions/Node' } } } },
    };
    const top = toGeminiSchema(schema).properties as Properties;
    let next = top.root;
    let depth = 0;
    while (next) {
      const properties: Properties = next.properties ?? {};
      next = properties.child;
      depth++;
    }
    expect(depth).toBe(9);
    expect(toGeminiSchema({ $ref: '#/$defs/Unknown' })).toEqual({ type: 'object' });
  });

  it('reads Gemini schemas back as JSON schema', () => {
    expect(
      toJsonSchema({
        type: 'OBJECT',
        propertyOrdering: ['a'],
        properties: { a: { type: 'ARRAY', items: { type: 'STRING', nullable: true } } },
        required: ['a'],
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'array', items: { type: ['string', 'null'] } } },
      required: ['a'],
    });
  });
});
