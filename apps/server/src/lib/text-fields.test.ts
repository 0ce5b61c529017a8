import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateBaseInfoBody, updateSpaceBody, type ErrorCode } from '@keystead/contract';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createSpace, person } from '../../test/space-helpers';
import { replaceAt, sampleOf, stringLeaves, type JsonSchema, type Path } from '../../test/json-schema-sample';

/**
 * Generated from the OpenAPI document: every string of every route's JSON body and query string
 * gets text PostgreSQL cannot store (NUL, an unpaired surrogate) inside an otherwise valid request.
 * The reply must be PARAMS_INVALID_ERROR naming that field, or a refusal that comes before
 * validation (who is asking, the space, an object of another space) — never a 500.
 */
const BAD_TEXT = { nul: 'a\u0000b', 'lone high surrogate': 'a\uD800b', 'lone low surrogate': 'a\uDC00' };
/** What the session and access checks (plugins/access.ts, policy, space-scope) answer first. */
const BEFORE_VALIDATION = new Set<ErrorCode>([
  'UCS_USER_AUTHENTICATION',
  'ORG_AUTHENTICATION_ERROR',
  'ORGANIZATION_NOT_FOUND_ERROR',
  'MEMBER_BLOCKED_ERROR',
  'TASK_NOT_FOUND_ERROR',
  'PERMISSION_VIEW_ERROR',
  'PERMISSION_MEMBER_SCOPE_ERROR',
  'PERMISSION_CREATOR_DELETE_ERROR',
  'PERMISSION_CREATOR_TRANSFER_ERROR',
]);
/** Routes that read their fields from JSON or form data themselves (avatar / logo upload). */
const FORM_ROUTES = [
  { method: 'PATCH', url: '/api/v1/user/base-info', schema: updateBaseInfoBody },
  { method: 'PATCH', url: '/api/v1/organization', schema: updateSpaceBody },
] as const;
/** The routes the hardening issue saw answer 500: each must reach validation for every field. */
const REPORTED = [
  'PATCH /api/v1/user/base-info',
  'POST /api/v1/organization',
  'PATCH /api/v1/organization',
  'POST /api/v1/permission-address',
  'POST /api/v1/wallets/single',
  'POST /api/v1/wallets/multi',
  'POST /api/v1/wallets/name',
  'POST /api/v1/task/revoke',
  'POST /api/v1/address-book',
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Case {
  route: string;
  method: Method;
  url: string;
  where: 'body' | 'query' | 'form';
  sample: unknown;
  path: Path;
}
interface Outcome extends Case {
  bad: string;
  status: number;
  code: string;
  message: string;
}

let t: TestApp;
let client: TestClient;
let known: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
  const owner = await person(t, { mfa: true });
  const spaceId = await createSpace(owner);
  // task_id is checked against the space before validation: name a task of this space.
  const task = await t.ctx.db
    .insertInto('tasks')
    .values({ organization_id: spaceId, type: 1, status: 0, created_by: owner.userId } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  client = owner.client;
  known = { task_id: Number(task.id), organization_id: spaceId, email: 'someone@example.com' };
});
afterAll(() => t.close());

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
}

function documentedCases(): { cases: Case[]; documented: Set<string> } {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const cases: Case[] = [];
  const documented = new Set<string>();
  for (const [docPath, operations] of Object.entries(doc.paths)) {
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase() as Method;
      const params = operation.parameters ?? [];
      const pathParams = Object.fromEntries(
        params.filter((p) => p.in === 'path').map((p) => [p.name, sampleOf(p.schema, known)]),
      );
      const url = docPath.replace(/\{(\w+)\}/g, (_, name: string) => String(pathParams[name]));
      const route = `${method} ${docPath.replace(/\{(\w+)\}/g, ':$1')}`;
      documented.add(route);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const leaf of body ? stringLeaves(body, known) : [])
        cases.push({ route, method, url, where: 'body', ...leaf });
      const query = params.filter((p) => p.in === 'query');
      const querySchema: JsonSchema = {
        type: 'object',
        properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
        required: query.filter((p) => p.required).map((p) => p.name),
      };
      for (const leaf of stringLeaves(querySchema, known))
        cases.push({ route, method, url, where: 'query', ...leaf });
    }
  }
  for (const form of FORM_ROUTES) {
    const schema = z.toJSONSchema(form.schema, { io: 'input' }) as JsonSchema;
    const { method, url } = form;
    for (const leaf of stringLeaves(schema, known)) {
      for (const where of ['body', 'form'] as const)
        cases.push({ route: `${method} ${url}`, method, url, where, ...leaf });
    }
  }
  return { cases, documented };
}

/** Query values percent-encoded as WTF-8, so an unpaired surrogate is sent as its own bytes. */
function encodeQueryValue(value: unknown): string {
  return [...String(value)]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

function multipart(fields: Record<string, unknown>): { payload: string; type: string } {
  const boundary = 'keystead-text-fields';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function send(c: Case, bad: string): Promise<Outcome> {
  const input = replaceAt(c.sample, c.path, bad);
  let reply;
  if (c.where === 'query') {
    const query = Object.entries(input as Record<string, unknown>)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeQueryValue(value)}`)
      .join('&');
    const body = c.method === 'GET' || c.method === 'DELETE' ? undefined : {};
    reply = await client.request(c.method, `${c.url}?${query}`, body);
  } else if (c.where === 'form') {
    const form = multipart(input as Record<string, unknown>);
    reply = await client.request(c.method, c.url, form.payload, { 'content-type': form.type });
  } else {
    reply = await client.request(c.method, c.url, input);
  }
  return { ...c, bad, status: reply.status, code: reply.code, message: reply.message };
}

/** The field the reply should name: the innermost property (an array index names its array). */
const fieldOf = (path: Path) => String(path.filter((key) => typeof key === 'string').at(-1));
const describeOutcome = (o: Outcome) =>
  `${o.route} ${o.where} ${o.path.join('.')} ${JSON.stringify(o.bad)} → ${o.status} ${o.code} ${o.message}`;

describe('text the database cannot store', () => {
  it('is refused at validation, naming the field, on every route', async () => {
    const { cases, documented } = documentedCases();
    // The document must list every API route, or the cases below would miss some.
    const undocumented = t.app.routeAccessTable
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
    expect(cases.length).toBeGreaterThan(100);

    const outcomes: Outcome[] = [];
    for (const c of cases) for (const bad of Object.values(BAD_TEXT)) outcomes.push(await send(c, bad));

    const failures = outcomes.filter((o) => {
      if (o.status >= 500) return true;
      // An unpaired surrogate cannot be written in a URL's UTF-8 or in form data: it arrives
      // as other, storable characters. Those requests only must not fail.
      const arrivesIntact = o.bad === BAD_TEXT.nul || o.where === 'body';
      if (!arrivesIntact) return false;
      if (BEFORE_VALIDATION.has(o.code as ErrorCode)) return false;
      return !(o.code === 'PARAMS_INVALID_ERROR' && o.message === `${fieldOf(o.path)} is invalid.`);
    });
    expect(failures.map(describeOutcome)).toEqual([]);

    // The routes of the report reached validation for every field: no refusal stood in front.
    const reported = outcomes.filter((o) => REPORTED.includes(o.route));
    expect(new Set(reported.map((o) => o.route))).toEqual(new Set(REPORTED));
    const stopped = reported.filter((o) => o.code !== 'PARAMS_INVALID_ERROR' && o.bad === BAD_TEXT.nul);
    expect(stopped.map(describeOutcome)).toEqual([]);
    // Most cases reached validation at all (a sign the samples and the signed-in space hold).
    const validated = outcomes.filter((o) => o.code === 'PARAMS_INVALID_ERROR').length;
    expect(validated / outcomes.length).toBeGreaterThan(0.8);
  });
});
