import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Keystead</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({}, { chains: [], webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app on the API port', () => {
  it('answers every client route with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/wallet/detail/12', '/organization/settings?tab=members']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year, including ones built after start', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    fs.writeFileSync(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/late-def456.js' })).statusCode).toBe(200);
  });

  it('never answers a missing asset or API path with the page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ROUTE_NOT_FOUND_ERROR');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/nope' })).json().code).toBe(
      'ROUTE_NOT_FOUND_ERROR',
    );
  });
});
