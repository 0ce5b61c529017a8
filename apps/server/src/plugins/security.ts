import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, HEADERS } from '@keystead/contract';
import { hmacHex, randomToken, safeEqual } from '../lib/crypto';
import { sendError } from './envelope';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its CSS-in-JS into <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers helmet would send, fixed at start-up. HSTS is added per request, only over TLS. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Security headers and CSRF. The CSRF token is double-submit: a readable cookie signed with
 * APP_SECRET that the web client copies into a header; a cross-site page can send the cookie
 * but cannot read it, and cannot plant a forged one that passes the signature.
 */
export const securityPlugin = fp<{ appSecret: string; secureCookies: boolean }>(async (app, options) => {
  // Computed once: the same security headers go on every reply (a per-request helmet call
  // re-parsed the policy each time and cost ~5% of a request in the profile).
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
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
