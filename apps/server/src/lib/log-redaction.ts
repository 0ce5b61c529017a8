import type { FastifyRequest } from 'fastify';

/** Query keys whose values are secrets or personal data (tokens, codes, e-mail addresses). */
const SECRET_KEY = /token|code|secret|password|email|key|signature/i;

/** A URL as logged: the values of secret-looking query keys, and anything like an e-mail, hidden. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const [key, value] of [...params]) {
    if (SECRET_KEY.test(key) || value.includes('@')) params.set(key, '[redacted]');
  }
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** Pino serializers: requests without secrets in the URL, errors without the SQL's parameter values. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      hostname: request.hostname,
      remoteAddress: request.ip,
    };
  },
  err(error: Error) {
    // Database drivers attach the statement's parameters (pg: `parameters`, PGlite: `params`) and
    // a row's values in `detail`.
    const {
      parameters: _parameters,
      params: _params,
      values: _values,
      detail: _detail,
      query: _query,
      ...rest
    } = error as Error & Record<string, unknown>;
    return { ...rest, type: error.name, message: error.message, stack: error.stack ?? '' };
  },
};
