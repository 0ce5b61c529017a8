import type { FastifySerializerCompiler } from 'fastify/types/schema';
import type { z } from 'zod';

/**
 * How replies are serialized when a route declares response schemas (`schema.response`):
 * - `off` (production, development): plain `JSON.stringify`, exactly what Fastify sends for a route
 *   without a schema. A reply that strays from its schema is still sent as it is, never a 500.
 * - `warn`: the same bytes, and each mismatch is reported (logged) once per route and problem.
 * - `fail` (tests): every reply is checked against its schema as the client receives it (the JSON
 *   text parsed back), and a mismatch fails the request with a 500 that names the route and the
 *   problem, so the whole API test suite checks the schemas. A field the schema does not declare is
 *   a mismatch too (except inside loose objects), so /api/docs lists every field a reply carries.
 */
export const REPLY_SCHEMA_CHECKS = ['off', 'warn', 'fail'] as const;
export type ReplySchemaCheck = (typeof REPLY_SCHEMA_CHECKS)[number];

export class ReplySchemaMismatch extends Error {
  constructor(
    readonly route: string,
    readonly problems: string[],
  ) {
    super(`Reply of ${route} does not match its response schema:\n  ${problems.join('\n  ')}`);
    this.name = 'ReplySchemaMismatch';
  }
}

const isZodSchema = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && typeof (schema as z.ZodType).safeParse === 'function';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys of `input` that the schema dropped from its output (fields it does not declare). */
function undeclaredKeys(input: unknown, output: unknown, path: string, found: string[]): void {
  if (found.length >= 10) return;
  if (Array.isArray(input) && Array.isArray(output)) {
    input.forEach((item, i) => undeclaredKeys(item, output[i], `${path}[${i}]`, found));
    return;
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return;
  for (const [key, value] of Object.entries(input)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in output)) found.push(`${at}: not declared in the schema`);
    else undeclaredKeys(value, output[key], at, found);
  }
}

/** What is wrong with a reply (as JSON text parsed back) against its schema; empty when it fits. */
export function replyProblems(schema: z.ZodType, wire: unknown): string[] {
  const result = schema.safeParse(wire);
  if (!result.success)
    return result.error.issues
      .slice(0, 10)
      .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  const found: string[] = [];
  undeclaredKeys(wire, result.data, '', found);
  return found;
}

export function replySerializerCompiler(
  check: ReplySchemaCheck,
  report: (mismatch: ReplySchemaMismatch) => void,
): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (check === 'off' || !isZodSchema(schema)) return (data) => JSON.stringify(data);
    const route = `${method} ${url} (${httpStatus})`;
    const reported = new Set<string>();
    return (data) => {
      const json = JSON.stringify(data);
      const problems = replyProblems(schema, json === undefined ? undefined : JSON.parse(json));
      if (problems.length === 0) return json;
      const mismatch = new ReplySchemaMismatch(route, problems);
      if (check === 'fail') {
        report(mismatch);
        throw mismatch;
      }
      const key = problems.join('\n');
      if (!reported.has(key)) {
        reported.add(key);
        report(mismatch);
      }
      return json;
    };
  };
}
