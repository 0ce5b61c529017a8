import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, HEADERS, SESSION_COOKIE } from '@keystead/contract';
import { hmacHex, randomToken, safeEqual, sha256Hex } from '../lib/crypto';
import { sendError } from './envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a route called by another server with its own authentication (a signed webhook). */
    csrf?: false;
  }
  interface FastifyReply {
    /**
     * Issues a CSRF cookie bound to the session cookie this reply sets (null: the reply clears
     * it), so the client's next state-changing request carries a token for its new session.
     */
    bindCsrfToSession(sessionToken: string | null): FastifyReply;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * OneKey Bridge on the signer's own computer: the OneKey connector's way to a device where the
 * browser has no WebUSB (Firefox, Safari). Nothing else is reachable on that port.
 */
const ONEKEY_BRIDGE = ['http://localhost:21320', 'http://127.0.0.1:21320'];

/**
 * The policy of every reply. `frameOrigins` (DAPP_FRAME_ORIGINS) are the origins the /dapp page
 * may frame besides any https one: a Safe App runs in an iframe of its own origin. Nothing may
 * frame this app (frame-ancestors). `connectOrigins` are the servers the page may talk to besides
 * its own and OneKey Bridge (the WalletConnect relay, when WalletConnect is on).
 */
export function contentSecurityPolicy(
  frameOrigins: readonly string[] = [],
  connectOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd writes its CSS-in-JS into <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    ["connect-src 'self'", ...ONEKEY_BRIDGE, ...connectOrigins].join(' '),
    "font-src 'self' data:",
    ['frame-src https:', ...frameOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers helmet would send, fixed at start-up. HSTS is added per request, only over TLS. */
export function securityHeaders(
  frameOrigins: readonly string[] = [],
  connectOrigins: readonly string[] = [],
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(frameOrigins, connectOrigins),
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
}

/**
 * Security headers and CSRF. The CSRF token is double-submit: a readable cookie that the web
 * client copies into a header; a cross-site page can send the cookie but cannot read it. The
 * token's MAC (APP_SECRET) covers the session cookie's hash, so a pair minted for another session
 * (an attacker's own, or none) planted beside the victim's session cookie does not pass. The
 * cookie is re-issued whenever it does not fit the session cookie sent, and on the reply that
 * sets or clears the session cookie (login, second factor, logout).
 */
export const securityPlugin = fp<{
  appSecret: string;
  secureCookies: boolean;
  frameOrigins?: string[];
  connectOrigins?: string[];
}>(async (app, options) => {
  // Computed once: the same security headers go on every reply (a per-request helmet call
  // re-parsed the policy each time and cost ~5% of a request in the profile).
  const headers = securityHeaders(options.frameOrigins, options.connectOrigins);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  const setCsrfCookie = (reply: FastifyReply, sessionToken: string | undefined | null) =>
    reply.setCookie(CSRF_COOKIE, issueCsrfToken(options.appSecret, sessionToken), {
      path: '/',
      sameSite: 'strict',
      httpOnly: false,
      secure: options.secureCookies,
    });
  // A later setCookie of the same name on the reply replaces the one set here.
  app.decorateReply('bindCsrfToSession', function bindCsrfToSession(this: FastifyReply, token) {
    return setCsrfCookie(this, token);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    const session = request.cookies[SESSION_COOKIE];
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie || !isValidCsrfToken(options.appSecret, cookie, session)) setCsrfCookie(reply, session);
    if (
      UNSAFE_METHODS.has(request.method) &&
      request.routeOptions.config?.csrf !== false &&
      !csrfPasses(request, options.appSecret, session)
    ) {
      return rejectCsrf(request, reply);
    }
  });
});

/** What a token is bound to: the session cookie's hash ('' for a client without a session). */
function csrfMac(secret: string, sessionToken: string | undefined | null, nonce: string): string {
  const session = sessionToken ? sha256Hex(sessionToken) : '';
  return hmacHex(secret, `csrf:${session}:${nonce}`).slice(0, 32);
}

export function issueCsrfToken(secret: string, sessionToken: string | undefined | null): string {
  const nonce = randomToken(18);
  return `${nonce}.${csrfMac(secret, sessionToken, nonce)}`;
}

/** The token was minted by this server for this session cookie (or for none, without one). */
export function isValidCsrfToken(
  secret: string,
  token: string,
  sessionToken: string | undefined | null,
): boolean {
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, csrfMac(secret, sessionToken, nonce));
}

function csrfPasses(request: FastifyRequest, secret: string, sessionToken: string | undefined): boolean {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[HEADERS.csrf];
  if (!cookie || typeof header !== 'string') return false;
  return safeEqual(cookie, header) && isValidCsrfToken(secret, cookie, sessionToken);
}

function rejectCsrf(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, 'CSRF_TOKEN_ERROR');
}
