import { CLIENT_VERSION, CSRF_COOKIE, HEADERS } from '@keystead/contract/envelope';
import { readCookie } from './cookies';
import { currentLanguage } from './i18n';
import { getSelectedSpaceId } from './space';
import { clearStoredUser } from './session';

/** §9: every request gives up after 40 s. */
export const REQUEST_TIMEOUT_MS = 40_000;
/** §7: after an authentication failure the user goes to /login after 1 s. */
export const AUTH_REDIRECT_DELAY_MS = 1_000;

/** Client-side codes of the §8 network layer (they never come from the server). */
export type NetworkCode = 'network_error' | 'network_timeout' | 'server_busy';

/** A reply whose code is not OK, or a network-layer failure. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
    /** HTTP status; 0 when no reply arrived. */
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.code === 'network_error' || this.code === 'network_timeout' || this.code === 'server_busy';
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON, or as multipart when a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the selected space for the organization-id header (null: send none). */
  organizationId?: string | null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function traceId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID().replace(/-/g, '');
  return Math.random().toString(16).slice(2) + Date.now().toString(16);
}

let navigateToLogin: (from: string) => void = (from) => {
  window.location.assign(`/login?from=${encodeURIComponent(from)}`);
};

/** The router registers a navigate function so the redirect keeps the SPA (and its state). */
export function setLoginRedirect(handler: (from: string) => void): void {
  navigateToLogin = handler;
}

const PUBLIC_PREFIXES = ['/login', '/register', '/forgot-password', '/dapp', '/mobile'];
let redirectTimer: ReturnType<typeof setTimeout> | undefined;

function handleAuthenticationFailure(): void {
  clearStoredUser();
  const { pathname, search } = window.location;
  if (PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
  if (redirectTimer) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    navigateToLogin(pathname + search);
  }, AUTH_REDIRECT_DELAY_MS);
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function buildHeaders(method: string, body: unknown, organizationId: string | null | undefined): Headers {
  const headers = new Headers({
    [HEADERS.language]: currentLanguage(),
    [HEADERS.platform]: 'web',
    [HEADERS.clientVersion]: CLIENT_VERSION,
    [HEADERS.traceId]: traceId(),
    accept: 'application/json',
  });
  const space = organizationId === undefined ? getSelectedSpaceId() : organizationId;
  if (space) headers.set(HEADERS.organizationId, space);
  if (UNSAFE.has(method)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set(HEADERS.csrf, csrf);
  }
  if (body !== undefined && !(body instanceof FormData)) headers.set('content-type', 'application/json');
  return headers;
}

/** Sends one request and unwraps `{ code, message, data }`; anything but code OK throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      credentials: 'include',
      headers: buildHeaders(method, options.body, options.organizationId),
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError('network_timeout', 'network timeout');
    if (options.signal?.aborted) throw error;
    throw new ApiError('network_error', error instanceof Error ? error.message : 'network error');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  type Envelope = { code?: unknown; message?: unknown; data?: unknown } | null;
  const payload: Envelope = await response.json().then(
    (value: unknown) => (value && typeof value === 'object' ? (value as Envelope) : null),
    () => null,
  );
  if (!payload || typeof payload.code !== 'string') {
    throw new ApiError('server_busy', 'server busy', null, response.status);
  }
  if (payload.code === 'OK') return payload.data as T;
  const message = typeof payload.message === 'string' ? payload.message : payload.code;
  if (payload.code === 'UCS_USER_AUTHENTICATION') handleAuthenticationFailure();
  throw new ApiError(payload.code, message, payload.data ?? null, response.status);
}

/**
 * Downloads a file reply (e.g. a CSV export) with the same headers as every call. A JSON reply is
 * an envelope: its error is thrown like any other. Returns the body and the file name offered.
 */
export async function apiDownload(
  path: string,
  query?: Query,
  options: { organizationId?: string | null } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method: 'GET',
      credentials: 'include',
      headers: buildHeaders('GET', undefined, options.organizationId),
    });
  } catch (error) {
    throw new ApiError('network_error', error instanceof Error ? error.message : 'network error');
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const payload = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    const code = typeof payload?.code === 'string' ? payload.code : 'server_busy';
    if (code === 'UCS_USER_AUTHENTICATION') handleAuthenticationFailure();
    throw new ApiError(code, payload?.message ?? code, null, response.status);
  }
  if (!response.ok) throw new ApiError('server_busy', 'server busy', null, response.status);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** Offers a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'method' | 'query'>) =>
    apiRequest<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/** The API bases of §7. */
export const V1 = '/api/v1';
export const WEB_V2 = '/api/web/v2';
export const WEB_V4 = '/api/web/v4';
