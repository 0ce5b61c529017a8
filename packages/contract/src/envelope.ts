/** Every API reply has this shape (DESIGN.md, API). `code` is "OK" or a catalogue code. */
export interface ApiReply<T = unknown> {
  code: 'OK' | string;
  message: string;
  data: T;
}

/** Request headers the web client sends on every call (§7). */
export const HEADERS = {
  language: 'language',
  platform: 'platform',
  clientVersion: 'client-version',
  traceId: 'trace-id',
  organizationId: 'organization-id',
  csrf: 'x-csrf-token',
} as const;

export const CLIENT_VERSION = '2.31.9';
export const CSRF_COOKIE = 'ks_csrf';
export const SESSION_COOKIE = 'ks_session';
