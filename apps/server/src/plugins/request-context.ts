import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { HEADERS, isLanguage, resolveLanguage, type Language } from '@keystead/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language replies are written in: header, then the user's saved one, then en-US. */
    lang: Language;
    /** True when the client named its language; otherwise the signed-in user's choice wins. */
    langFromHeader: boolean;
    /** organization_id the client sent (§7); authorization decides whether it may be used. */
    organizationIdHeader: number | null;
    clientPlatform: string | null;
    clientVersion: string | null;
  }
}

const TRACE_ID = /^[A-Za-z0-9._:-]{8,80}$/;

/** The trace id is the request id: every log line of the request carries it, and it is echoed. */
export function requestIdFromHeaders(headers: Record<string, string | string[] | undefined>): string {
  const sent = headers[HEADERS.traceId];
  return typeof sent === 'string' && TRACE_ID.test(sent) ? sent : randomUUID();
}

export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('lang', 'en-US');
  app.decorateRequest('langFromHeader', false);
  app.decorateRequest('organizationIdHeader', null);
  app.decorateRequest('clientPlatform', null);
  app.decorateRequest('clientVersion', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const acceptLanguage = header('accept-language')?.split(',')[0]?.split(';')[0]?.trim();
    const named = header(HEADERS.language);
    request.langFromHeader = isLanguage(named);
    request.lang = resolveLanguage(named, acceptLanguage);
    const organizationId = Number(header(HEADERS.organizationId));
    request.organizationIdHeader =
      Number.isSafeInteger(organizationId) && organizationId > 0 ? organizationId : null;
    request.clientPlatform = header(HEADERS.platform);
    request.clientVersion = header(HEADERS.clientVersion);
    reply.header(HEADERS.traceId, request.id);
  });
});
