import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AppInstance } from '../app';
import { replies } from '../lib/replies';
import { replyProblems } from './reply-serializer';

const item = z.object({ id: z.number(), name: z.string() });
const loose = z.object({ id: z.number() }).passthrough();

/** Routes that exist only in this test: each answers what its query asks for. */
function probeRoutes(app: AppInstance) {
  const query = z.object({ shape: z.enum(['fits', 'extra', 'wrong', 'nested-extra', 'loose']) });
  const answers: Record<z.infer<typeof query>['shape'], unknown> = {
    fits: { list: [{ id: 1, name: 'a' }] },
    extra: { list: [{ id: 1, name: 'a' }], secret: 'x' },
    wrong: { list: [{ id: '1', name: 'a' }] },
    'nested-extra': { list: [{ id: 1, name: 'a', password_hash: 'x' }] },
    loose: { list: [{ id: 1, name: 'a' }] },
  };
  app.get(
    '/api/v1/test/reply',
    {
      config: { access: { auth: 'public' } },
      schema: { querystring: query, response: replies(z.object({ list: z.array(item) })) },
    },
    async (request, reply) => reply.ok(answers[request.query.shape]),
  );
  app.get(
    '/api/v1/test/loose',
    {
      config: { access: { auth: 'public' } },
      schema: { response: replies(z.object({ list: z.array(loose) })) },
    },
    async (_request, reply) => reply.ok({ list: [{ id: 1, family_field: 'kept' }] }),
  );
  app.get(
    '/api/v1/test/refused',
    { config: { access: { auth: 'public' } }, schema: { response: replies(z.object({ id: z.number() })) } },
    async (_request, reply) => reply.fail('DATA_MISSING_ERROR', {}, { detail: 'anything' }),
  );
}

describe('reply schemas, checked (NODE_ENV=test)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { setup: probeRoutes, chains: [] });
  });
  afterAll(() => t.close());

  it('sends a reply that fits its schema unchanged', async () => {
    const reply = await t.client().get('/api/v1/test/reply', { shape: 'fits' });
    expect(reply.status).toBe(200);
    expect(reply.data).toEqual({ list: [{ id: 1, name: 'a' }] });
  });

  it('fails a reply with a wrong type, or a field the schema does not declare, naming the problem', async () => {
    for (const [shape, problem] of [
      ['wrong', 'list.0.id'],
      ['extra', 'secret: not declared'],
      ['nested-extra', 'list[0].password_hash: not declared'],
    ] as const) {
      const reply = await t.client().get('/api/v1/test/reply', { shape });
      expect(reply.status).toBe(500);
      expect(reply.code).toBe('REPLY_SCHEMA_MISMATCH');
      expect(reply.message).toContain('GET /api/v1/test/reply');
      expect(reply.message).toContain(problem);
    }
  });

  it('lets loose objects carry fields of their own', async () => {
    const reply = await t.client().get('/api/v1/test/loose');
    expect(reply.status).toBe(200);
    expect(reply.data).toEqual({ list: [{ id: 1, family_field: 'kept' }] });
  });

  it('keeps refusals in the catalogue envelope with any data', async () => {
    const reply = await t.client().get('/api/v1/test/refused');
    expect(reply.status).toBe(400);
    expect(reply.code).toBe('DATA_MISSING_ERROR');
    expect(reply.data).toEqual({ detail: 'anything' });
  });
});

describe('reply schemas in production (REPLY_SCHEMA_CHECK=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REPLY_SCHEMA_CHECK: 'off' }, { setup: probeRoutes, chains: [] });
  });
  afterAll(() => t.close());

  it('sends every reply as JSON.stringify makes it: never a 500, never a field dropped', async () => {
    const extra = await t.client().get('/api/v1/test/reply', { shape: 'extra' });
    expect(extra.status).toBe(200);
    expect(extra.raw).toBe(
      JSON.stringify({ code: 'OK', message: 'Success', data: { list: [{ id: 1, name: 'a' }], secret: 'x' } }),
    );
    const wrong = await t.client().get('/api/v1/test/reply', { shape: 'wrong' });
    expect(wrong.status).toBe(200);
    expect(wrong.data).toEqual({ list: [{ id: '1', name: 'a' }] });
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { chains: [] });
  });
  afterAll(() => t.close());

  it('documents the reply of every JSON route of the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = JSON.parse(response.body) as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    const undocumented: string[] = [];
    let documented = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const content = Object.values(operation.responses?.['200']?.content ?? {});
        if (content.some((entry) => entry.schema)) documented += 1;
        else undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented.sort()).toEqual([]);
    expect(documented).toBeGreaterThan(0);
  });
});

describe('replyProblems', () => {
  it('finds undeclared keys at any depth, but not in loose objects or records', () => {
    const schema = z.object({
      a: z.array(z.object({ b: z.number() })),
      r: z.record(z.string(), z.number()),
      l: loose,
    });
    expect(replyProblems(schema, { a: [{ b: 1 }], r: { x: 1 }, l: { id: 1, more: true } })).toEqual([]);
    expect(replyProblems(schema, { a: [{ b: 1, c: 2 }], r: {}, l: { id: 1 } })).toEqual([
      'a[0].c: not declared in the schema',
    ]);
    expect(replyProblems(schema, { a: [], r: {}, l: {} })[0]).toMatch(/^l\.id: /);
  });
});
