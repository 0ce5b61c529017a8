import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API's POST /v1/checkout/sessions, which the real `stripe`
 * client reaches through STRIPE_API_URL. It checks what the client sends with its own rules —
 * the bearer key, a Stripe-Version header, a form-encoded body with mode=payment and one line of
 * a whole number of US cents, client_reference_id matching metadata[order_id], return URLs —
 * and answers a Checkout Session (id and url), or fails with `failWith` (Stripe's error shape).
 * Every request is kept in `requests`, every session made in `sessions`.
 */
export interface StripeStandIn {
  url: string;
  failWith: number | null;
  requests: Array<{
    path: string;
    form: Record<string, string>;
    headers: http.IncomingHttpHeaders;
    problems: string[];
  }>;
  sessions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

function checkSession(
  form: Record<string, string>,
  headers: http.IncomingHttpHeaders,
  key: string,
): string[] {
  const problems: string[] = [];
  if (headers.authorization !== `Bearer ${key}`) problems.push('missing or wrong bearer key');
  if (!headers['stripe-version']) problems.push('no Stripe-Version header');
  if (!String(headers['content-type']).startsWith('application/x-www-form-urlencoded'))
    problems.push(`content-type ${headers['content-type']}`);
  if (form.mode !== 'payment') problems.push(`mode ${form.mode}`);
  if (form['line_items[0][quantity]'] !== '1') problems.push('line_items[0][quantity] is not 1');
  if (form['line_items[0][price_data][currency]'] !== 'usd') problems.push('currency is not usd');
  if (!/^[1-9]\d*$/.test(form['line_items[0][price_data][unit_amount]'] ?? ''))
    problems.push('unit_amount is not a whole number of cents');
  if (!form['line_items[0][price_data][product_data][name]']) problems.push('no product name');
  if (Object.keys(form).some((name) => name.startsWith('line_items[1]'))) problems.push('more than one line');
  if (!/^\d+$/.test(form.client_reference_id ?? '')) problems.push('client_reference_id is not an order id');
  if (form['metadata[order_id]'] !== form.client_reference_id) problems.push('metadata[order_id] differs');
  for (const name of ['success_url', 'cancel_url'])
    if (!/^https?:\/\/.+\/organization\/settings\?tab=plan/.test(form[name] ?? ''))
      problems.push(`${name} ${form[name]}`);
  return problems;
}

export async function startStripeStandIn(expectedKey: string): Promise<StripeStandIn> {
  const state: Omit<StripeStandIn, 'url' | 'close'> = { failWith: null, requests: [], sessions: new Map() };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const send = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        response.end(JSON.stringify(body));
      };
      const fail = (status: number, message: string) =>
        send(status, { error: { type: status === 401 ? 'invalid_request_error' : 'api_error', message } });
      if (request.method !== 'POST' || path !== '/v1/checkout/sessions') return fail(404, `no route ${path}`);
      const problems = checkSession(form, request.headers, expectedKey);
      state.requests.push({ path, form, headers: request.headers, problems });
      if (problems.length > 0) return fail(problems[0]!.includes('key') ? 401 : 400, problems.join('; '));
      if (state.failWith) return fail(state.failWith, 'stand-in failure');
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: 'usd',
        client_reference_id: form.client_reference_id,
        metadata: { order_id: form['metadata[order_id]'] },
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      state.sessions.set(id, session);
      return send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the client keeps connections alive
      }),
  });
}
