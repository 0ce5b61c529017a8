import { randomUUID } from 'node:crypto';

/** The part of JSON Schema (as zod writes it into the OpenAPI document) that samples need. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
}

export type Path = Array<string | number>;

/** Values that match the patterns the contract uses (codes, hashes, addresses, amounts, paths). */
const PATTERN_CANDIDATES = [
  '123456',
  'Correct-Horse-9',
  `0x${'ab'.repeat(20)}`,
  `0x${'ab'.repeat(32)}`,
  `${'ab'.repeat(32)}:0`,
  'abcdef12',
  '84/0/0',
  '2024-01-02T03:04:05Z',
  '1.5',
  '09:00',
  'https://example.com',
];

/**
 * A small valid value for `schema`: required properties only, the first enum member, the lowest
 * allowed number. `known` gives the value of a named property (an id that must exist, an e-mail).
 */
export function sampleOf(schema: JsonSchema, known: Record<string, unknown> = {}): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches) return sampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0]!, known);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name] ?? {};
        value[name] = name in known ? known[name] : sampleOf(property, known);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, known));
    case 'integer':
    case 'number':
      if (schema.exclusiveMinimum === true) return (schema.minimum ?? 0) + 1;
      if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'email') return 'someone@example.com';
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const match = PATTERN_CANDIDATES.find((value) => pattern.test(value) && fits(value));
    if (match) return match;
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/**
 * Every string in `schema` (nested objects, array items, each branch of a union): the sample
 * value of the whole schema with that string's branch chosen, and the string's path in it.
 */
export function stringLeaves(
  schema: JsonSchema,
  known: Record<string, unknown> = {},
): Array<{ sample: unknown; path: Path }> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((branch) => stringLeaves(branch, known));
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  if (type === 'string') return [{ sample: sampleOf(schema, known), path: [] }];
  if (type === 'array' && schema.items) {
    const rest = sampleOf({ ...schema, minItems: Math.max(schema.minItems ?? 1, 1) }, known) as unknown[];
    return stringLeaves(schema.items, known).map((leaf) => ({
      sample: [leaf.sample, ...rest.slice(1)],
      path: [0, ...leaf.path],
    }));
  }
  if (type !== 'object') return [];
  const base = sampleOf(schema, known) as Record<string, unknown>;
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    stringLeaves(property, known).map((leaf) => ({
      sample: { ...base, [name]: leaf.sample },
      path: [name, ...leaf.path],
    })),
  );
}

/** A copy of `value` with `replacement` at `path`. */
export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}
