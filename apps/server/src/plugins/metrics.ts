import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { safeEqual } from '../lib/crypto';

/** Prometheus text at /metrics: request counts and latencies per route, plus process metrics. */
export const metricsPlugin = fp<{ token?: string }>(async (app, options) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'keystead_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'keystead_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.decorate('metricsRegistry', registry);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    duration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token) {
      const auth = request.headers.authorization ?? '';
      if (!safeEqual(auth, `Bearer ${options.token}`)) return reply.code(401).send('unauthorized\n');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
  }
}
