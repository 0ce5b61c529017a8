import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_DIR } from '../lib/server-dir';

export const WEB_DIST = path.resolve(SERVER_DIR, '../web/dist');

/** Paths the single-page app never owns: they answer with the API's not-found envelope. */
const SERVER_PREFIXES = ['/api/', '/dev/', '/metrics'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends index.html for a browser route, or returns false when the request is not one. */
    serveSpa(request: FastifyRequest, reply: FastifyReply): boolean;
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached so a
 * deploy is picked up at once. Any other GET that accepts HTML gets index.html (client routes).
 */
export const staticWebPlugin = fp<{ distDir?: string }>(async (app, options) => {
  const distDir = options.distDir ?? WEB_DIST;
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up per request, so a rebuild while the server runs is served at once.
      wildcard: true,
      // Only file names (with an extension) are files; every other path is a client route.
      allowedPath: (pathname) => /\.[A-Za-z0-9]+$/.test(pathname),
      index: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.decorate('serveSpa', (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0] ?? '/';
    if (SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
    if (pathname.startsWith('/assets/')) return false;
    if (!built) {
      void reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Keystead</title><p>The web app is not built yet. Run <code>npm run build:web</code> (npm start does it).</p>',
        );
      return true;
    }
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    return true;
  });
});
