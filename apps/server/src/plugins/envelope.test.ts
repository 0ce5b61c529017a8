import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AppInstance } from '../app';

let t: TestApp;

/** Routes that exist only in this test, to drive the error paths of the frame. */
function probeRoutes(app: AppInstance) {
  app.post(
    '/api/v1/test/probe',
    {
      config: { access: { auth: 'public' } },
      schema: { body: z.object({ name: z.string().min(1), count: z.number().int().optional() }).strict() },
    },
    async (request, reply) => reply.ok({ echoed: request.body.name }),
  );
  app.get('/api/v1/test/explode', { config: { access: { auth: 'public' } } }, async () => {
    throw new Error('database password=hunter2 leaked?');
  });
}

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' }, { setup: probeRoutes, chains: [] });
});
afterAll(() => t.close());

describe('reply envelope and error mapping', () => {
  it('wraps success as { code: OK, message, data }', async () => {
    const reply = await t.client().post('/api/v1/test/probe', { name: 'a' });
    expect(reply.status).toBe(200);
    expect(reply.code).toBe('OK');
    expect(reply.data).toEqual({ echoed: 'a' });
  });

  it('maps a missing field to PARAMS_REQUIRED_ERROR naming the field, in the request language', async () => {
    const en = await t.client().post('/api/v1/test/probe', {});
    expect(en.status).toBe(400);
    expect(en.code).toBe('PARAMS_REQUIRED_ERROR');
    expect(en.message).toContain('name');
    const zh = await t.client({ language: 'zh-CN' }).post('/api/v1/test/probe', {});
    expect(zh.code).toBe('PARAMS_REQUIRED_ERROR');
    expect(zh.message).toMatch(/不能为空/);
    const hk = await t.client({ language: 'zh-HK' }).post('/api/v1/test/probe', {});
    expect(hk.message).toMatch(/不能為空/);
  });

  it('maps a wrong type to PARAMS_INVALID_ERROR and an unknown key to PARAMS_NOT_ALLOWED_ERROR', async () => {
    const wrongType = await t.client().post('/api/v1/test/probe', { name: 'a', count: 'x' });
    expect(wrongType.code).toBe('PARAMS_INVALID_ERROR');
    expect(wrongType.message).toContain('count');
    const extra = await t.client().post('/api/v1/test/probe', { name: 'a', admin: true });
    expect(extra.code).toBe('PARAMS_NOT_ALLOWED_ERROR');
    expect(extra.message).toContain('admin');
  });

  it('answers malformed JSON and oversized bodies with catalogue codes', async () => {
    const client = t.client();
    await client.get('/api/web/v2/web-config');
    const broken = await client.request('POST', '/api/v1/test/probe', '{"name":', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(broken.code).toBe('PARAMS_INVALID_ERROR');
    const huge = await client.post('/api/v1/test/probe', { name: 'x'.repeat(5000) });
    expect(huge.status).toBe(413);
    expect(huge.code).toBe('REQUEST_BODY_TOO_LARGE_ERROR');
  });

  it('hides the details of an unexpected failure behind SERVER_UNKNOWN_ERROR', async () => {
    const reply = await t.client().get('/api/v1/test/explode');
    expect(reply.status).toBe(500);
    expect(reply.code).toBe('SERVER_UNKNOWN_ERROR');
    expect(reply.raw).not.toContain('hunter2');
    expect(reply.raw).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers an unknown API path with ROUTE_NOT_FOUND_ERROR, never the web app', async () => {
    const reply = await t.client().get('/api/v1/no/such/thing');
    expect(reply.status).toBe(404);
    expect(reply.code).toBe('ROUTE_NOT_FOUND_ERROR');
  });

  it('echoes a well-formed trace id and makes one up otherwise', async () => {
    const client = t.client();
    const sent = await client.request('GET', '/api/v1/language', undefined, { 'trace-id': 'trace-1234abcd' });
    expect(sent.headers['trace-id']).toBe('trace-1234abcd');
    const bad = await client.request('GET', '/api/v1/language', undefined, {
      'trace-id': 'bad id with spaces',
    });
    expect(bad.headers['trace-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('falls back to en-US for an unsupported language header', async () => {
    const reply = await t.client().request('GET', '/api/v1/nothing', undefined, { language: 'fr-FR' });
    expect(reply.message).toBe('The requested API does not exist.');
  });
});
