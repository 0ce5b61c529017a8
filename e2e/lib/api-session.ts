import type { BrowserContext } from 'playwright-core';
import { baseURL, nextClientIp } from './browser';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** Thrown for a reply whose code is not OK. */
export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown,
  ) {
    super(`${code}: ${message}`);
  }
}

/**
 * A minimal API client with its own cookie jar, the same headers the web app sends and the CSRF
 * double submit. Tests use it to prepare accounts through the real API (no mocks), then hand
 * the session to a browser context.
 */
export class ApiSession {
  readonly cookies = new Map<string, string>();
  private readonly paths = new Map<string, string>();
  private readonly httpOnly = new Set<string>();
  private readonly ip = nextClientIp();
  /** The space sent as the organization-id header (space calls), or null. */
  space: number | null = null;

  async call<T>(method: string, path: string, body?: unknown, language = 'en-US'): Promise<T> {
    if (!this.cookies.has('ks_csrf')) await this.raw('GET', '/api/web/v2/web-config');
    const reply = await this.raw(method, path, body, language);
    const envelope = (await reply.json()) as Envelope<T>;
    if (envelope.code !== 'OK') throw new ApiCallError(envelope.code, envelope.message, envelope.data);
    return envelope.data;
  }

  async raw(method: string, path: string, body?: unknown, language = 'en-US'): Promise<Response> {
    const headers: Record<string, string> = {
      language,
      platform: 'web',
      'client-version': '2.31.9',
      'trace-id': Math.random().toString(16).slice(2),
      'x-forwarded-for': this.ip,
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (this.space !== null) headers['organization-id'] = String(this.space);
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('ks_csrf') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const reply = await fetch(`${baseURL()}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of reply.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = decodeURIComponent(pair!.slice(index + 1).trim());
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) {
        this.cookies.delete(name);
        continue;
      }
      this.cookies.set(name, value);
      this.paths.set(name, /;\s*path=([^;]+)/i.exec(line)?.[1] ?? '/');
      if (/;\s*httponly/i.test(line)) this.httpOnly.add(name);
      else this.httpOnly.delete(name);
    }
    return reply;
  }

  /** Gives the browser this session's cookies (the session cookie is httpOnly). */
  async shareWith(context: BrowserContext): Promise<void> {
    const url = new URL(baseURL());
    await context.addCookies(
      [...this.cookies].map(([name, value]) => ({
        name,
        value,
        domain: url.hostname,
        path: this.paths.get(name) ?? '/',
        httpOnly: this.httpOnly.has(name),
        sameSite: 'Lax' as const,
      })),
    );
  }
}

/** Dev-mode helpers of the server: the outbox and the captcha answers. */
export async function devJson<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${path}`);
  const envelope = (await reply.json()) as Envelope<T>;
  if (envelope.code !== 'OK') throw new ApiCallError(envelope.code, envelope.message, envelope.data);
  return envelope.data;
}

interface Mail {
  id: number;
  subject: string;
  text_body: string;
  category: string;
}

export async function mailIds(email: string): Promise<Set<number>> {
  const { list } = await devJson<{ list: Mail[] }>(`/dev/mailbox/json?to=${encodeURIComponent(email)}`);
  return new Set(list.map((mail) => mail.id));
}

/** Waits for a mail to `email` that is not in `seen` and returns the 6-digit code in it. */
export async function waitForCode(
  email: string,
  seen: Set<number> = new Set(),
  category?: string,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { list } = await devJson<{ list: Mail[] }>(`/dev/mailbox/json?to=${encodeURIComponent(email)}`);
    const mail = list.find((item) => !seen.has(item.id) && (!category || item.category === category));
    const code = mail?.text_body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No code e-mailed to ${email} within 15 s`);
}

/** The answer of the newest captcha the server drew (dev mode only). */
export async function latestCaptchaAnswer(): Promise<string> {
  const { list } = await devJson<{ list: Array<{ dev_answer: string | null }> }>(
    '/dev/captchas/json?limit=1',
  );
  const answer = list[0]?.dev_answer;
  if (!answer) throw new Error('No captcha answer available');
  return answer;
}
