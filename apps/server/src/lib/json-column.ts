/**
 * A json/jsonb column's value: node-postgres and PGlite hand back parsed values, but a value
 * built inside a query (json_agg in a subquery, a text cast) can arrive as its text.
 */
export function jsonColumn<T = unknown>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
