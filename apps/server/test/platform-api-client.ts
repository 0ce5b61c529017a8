import { createHmac, randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

/**
 * A trading bot's client of the platform API, written from the documented scheme only (it does
 * not import the server's signing code): KS-API-KEY, KS-TIMESTAMP (ms), KS-NONCE and KS-SIGNATURE
 * = hex HMAC-SHA256 under the secret of `timestamp\nnonce\nMETHOD\npath?query\nbody`.
 */
export interface BotRequest {
  method?: 'GET' | 'POST';
  path?: string;
  body?: unknown;
  ip?: string;
  /** Overrides for the refusal cases. */
  timestamp?: string;
  nonce?: string;
  signWith?: string;
  apiKey?: string;
  tamper?: (body: string) => string;
}

export interface BotReply {
  status: number;
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

export function signBotRequest(
  secret: string,
  timestamp: string,
  nonce: string,
  method: string,
  path: string,
  body: string,
) {
  return createHmac('sha256', secret)
    .update(`${timestamp}\n${nonce}\n${method}\n${path}\n${body}`)
    .digest('hex');
}

export async function botCall(
  t: TestApp,
  key: { api_key: string; secret: string },
  request: BotRequest = {},
): Promise<BotReply> {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  const path = request.path ?? '/api/v1/sign/hmac';
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const timestamp = request.timestamp ?? String(Date.now());
  const nonce = request.nonce ?? randomBytes(12).toString('hex');
  const signature = signBotRequest(request.signWith ?? key.secret, timestamp, nonce, method, path, body);
  const response = await t.app.inject({
    method,
    url: path,
    remoteAddress: request.ip ?? '198.51.100.20',
    headers: {
      'ks-api-key': request.apiKey ?? key.api_key,
      'ks-timestamp': timestamp,
      'ks-nonce': nonce,
      'ks-signature': signature,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: request.tamper ? request.tamper(body) : body } : {}),
  });
  const parsed = JSON.parse(response.body) as Omit<BotReply, 'status'>;
  return { status: response.statusCode, ...parsed };
}
