import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, HEADERS } from '@keystead/contract';
import { hmacHex, randomToken, safeEqual } from '../lib/crypto';
import { sendError } from './envelope';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers and CSRF. The CSRF token is double-submit: a readable cookie signed with
 * APP_SECRET that the web client copies into a header; a cross-site page can send the cookie
 * but cannot read it, and cannot plant a forged one that passes the signature.
 */
export const securityPlugin = fp<{ appSecret: string; secureCookies: boolean }>(async (app, options) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only when the request really arrived over TLS (see the hook below).
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie || !isValidCsrfToken(options.appSecret, cookie)) {
      const token = issueCsrfToken(options.appSecret);
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: options.secureCookies,
      });
    }
    if (UNSAFE_METHODS.has(request.method) && !csrfPasses(request, options.appSecret)) {
      return rejectCsrf(request, reply);
    }
  });
});

function issueCsrfToken(secret: string): string {
  const nonce = randomToken(18);
  return `${nonce}.${hmacHex(secret, `csrf:${nonce}`).slice(0, 32)}`;
}

function isValidCsrfToken(secret: string, token: string): boolean {
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  return safeEqual(mac, hmacHex(secret, `csrf:${nonce}`).slice(0, 32));
}

function csrfPasses(request: FastifyRequest, secret: string): boolean {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[HEADERS.csrf];
  if (!cookie || typeof header !== 'string') return false;
  return safeEqual(cookie, header) && isValidCsrfToken(secret, cookie);
}

function rejectCsrf(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, 'CSRF_TOKEN_ERROR');
}
