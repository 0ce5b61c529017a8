import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { base58, base64urlnopad } from '@scure/base';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A local stand-in for the WalletConnect relay (relay.walletconnect.org cannot be reached here).
 * It speaks the relay's JSON-RPC over WebSocket as the real clients use it: `irn_subscribe`,
 * `irn_publish`, `irn_batchFetchMessages`…, and the session methods `wc_proposeSession` and
 * `wc_approveSession`; it stores each message for its topic until it expires and hands it to the
 * topic's subscribers as `irn_subscription`. It checks, with its own code, what clients send: the
 * connection's JWT (EdDSA over ed25519, issuer a `did:key`, audience this relay, not expired)
 * and each request's parameters; anything wrong is answered with an error and recorded.
 * Messages stay end-to-end encrypted between the two clients: the relay never reads them.
 * GET /report tells a test what the relay saw.
 */
export interface RelayStandIn {
  url: string;
  projectId: string;
  close(): Promise<void>;
}

export interface RelayReport {
  /** Requests refused: a bad JWT, a malformed parameter or an unknown method. */
  violations: string[];
  /** How often each method was called. */
  methods: Record<string, number>;
  /** Clients (did:key issuers) that connected with a valid JWT. */
  clients: number;
}

interface StoredMessage {
  topic: string;
  message: string;
  publishedAt: number;
  expiresAt: number;
  tag: number;
  publisher: string;
}

/** Tags the relay gives the messages of its session methods (WalletConnect's published tags). */
const PROPOSE_TAG = 1100;
const PROPOSE_RESPONSE_TAG = 1101;
const SETTLE_TAG = 1102;
const MAX_TTL_SECONDS = 30 * 24 * 3600;
/** The multicodec prefix of an ed25519 public key in a did:key. */
const ED25519_CODEC = [0xed, 0x01];

const isTopic = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
const isMessage = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && /^[A-Za-z0-9+/=_-]+$/.test(value);

/** The client id (did:key) of a valid relay JWT, or why it is not valid. */
export function verifyRelayJwt(
  jwt: string,
  audience: string,
  now = Date.now(),
): { iss: string } | { error: string } {
  const parts = jwt.split('.');
  if (parts.length !== 3) return { error: 'JWT: not three parts' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: string; typ?: string };
  let payload: { iss?: string; aud?: string; exp?: number; iat?: number; sub?: string };
  try {
    header = JSON.parse(Buffer.from(base64urlnopad.decode(headerPart)).toString('utf8'));
    payload = JSON.parse(Buffer.from(base64urlnopad.decode(payloadPart)).toString('utf8'));
  } catch {
    return { error: 'JWT: header or payload is not base64url JSON' };
  }
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT')
    return { error: `JWT: alg ${header.alg}, typ ${header.typ}` };
  if (payload.aud !== audience) return { error: `JWT: audience ${payload.aud} is not ${audience}` };
  if (typeof payload.exp !== 'number' || payload.exp * 1000 < now) return { error: 'JWT: expired or no exp' };
  if (typeof payload.iat !== 'number' || payload.iat * 1000 > now + 60_000)
    return { error: 'JWT: iat in the future' };
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) return { error: 'JWT: no sub' };
  const iss = payload.iss ?? '';
  if (!iss.startsWith('did:key:z')) return { error: `JWT: issuer ${iss} is not a did:key` };
  const key = base58.decode(iss.slice('did:key:z'.length));
  if (key.length !== 34 || key[0] !== ED25519_CODEC[0] || key[1] !== ED25519_CODEC[1])
    return { error: 'JWT: issuer is not an ed25519 did:key' };
  const publicKey = crypto.createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: base64urlnopad.encode(key.subarray(2)) },
    format: 'jwk',
  });
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'utf8');
  const valid = crypto.verify(null, signed, publicKey, Buffer.from(base64urlnopad.decode(signaturePart)));
  return valid ? { iss } : { error: 'JWT: the signature does not verify' };
}

export async function startWalletConnectRelay(): Promise<RelayStandIn> {
  const report: RelayReport = { violations: [], methods: {}, clients: 0 };
  const stored: StoredMessage[] = [];
  /**
   * topic → the clients subscribed (did:key → subscription id). Kept per client, not per socket,
   * as the relay does: a client that reconnects still hears its topics, including the ones its
   * session methods subscribed it to.
   */
  const subscribers = new Map<string, Map<string, string>>();
  const socketsOf = new Map<string, Set<WebSocket>>();
  /** Per client: the ids of messages already handed over (a reconnect must not repeat them). */
  const delivered = new Map<string, Set<string>>();
  const clientOf = new WeakMap<WebSocket, string>();

  const server = http.createServer((request, response) => {
    if (request.url === '/report') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(report));
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  const wss = new WebSocketServer({ noServer: true });
  // Clients on Node drop a connection that hears no ping for 35 s; the real relay pings.
  const pinger = setInterval(() => wss.clients.forEach((ws) => ws.ping()), 10_000);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const projectId = crypto.randomBytes(16).toString('hex');

  const refuse = (why: string) => {
    report.violations.push(why);
  };

  server.on('upgrade', (request, socket, head) => {
    const query = new URL(request.url ?? '/', url).searchParams;
    const auth = verifyRelayJwt(query.get('auth') ?? '', url);
    const why =
      'error' in auth
        ? auth.error
        : query.get('projectId') !== projectId
          ? `unknown projectId ${query.get('projectId')}`
          : null;
    if (why) {
      refuse(`connect: ${why}`);
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const client = (auth as { iss: string }).iss;
      report.clients += 1;
      clientOf.set(ws, client);
      socketsOf.set(client, (socketsOf.get(client) ?? new Set()).add(ws));
      ws.on('message', (data) => onMessage(ws, data.toString()));
      ws.on('close', () => socketsOf.get(client)?.delete(ws));
      // What waited for this client while it was away.
      for (const [topic, clients] of subscribers) {
        const subscriptionId = clients.get(client);
        if (subscriptionId) deliverStored(client, topic, subscriptionId);
      }
    });
  });

  const messageId = (message: StoredMessage) =>
    crypto
      .createHash('sha256')
      .update(message.topic + message.message)
      .digest('hex');

  /** Hands a message to one open socket of `client`, once; kept for later when none is open. */
  const deliver = (client: string, message: StoredMessage, subscriptionId: string) => {
    if (message.publisher === client) return;
    const ws = [...(socketsOf.get(client) ?? [])]
      .reverse()
      .find((socket) => socket.readyState === socket.OPEN);
    if (!ws) return;
    const seen = delivered.get(client) ?? new Set<string>();
    delivered.set(client, seen);
    const id = messageId(message);
    if (seen.has(id)) return;
    seen.add(id);
    ws.send(
      JSON.stringify({
        id: Date.now() * 1000 + Math.floor(Math.random() * 1000),
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: subscriptionId,
          data: {
            topic: message.topic,
            message: message.message,
            publishedAt: message.publishedAt,
            tag: message.tag,
          },
        },
      }),
    );
  };

  const live = () => stored.filter((message) => message.expiresAt > Date.now());

  const publish = (publisher: WebSocket, topic: string, message: string, ttl: number, tag: number) => {
    const entry: StoredMessage = {
      topic,
      message,
      publishedAt: Date.now(),
      expiresAt: Date.now() + ttl * 1000,
      tag,
      publisher: clientOf.get(publisher)!,
    };
    stored.push(entry);
    for (const [client, subscriptionId] of subscribers.get(topic) ?? [])
      deliver(client, entry, subscriptionId);
  };

  const deliverStored = (client: string, topic: string, subscriptionId: string) =>
    setImmediate(() =>
      live()
        .filter((message) => message.topic === topic)
        .forEach((message) => deliver(client, message, subscriptionId)),
    );

  const subscribe = (ws: WebSocket, topic: string): string => {
    // The id the clients expect: sha256(topic + client id), as they compute it themselves.
    const client = clientOf.get(ws)!;
    const subscriptionId = crypto
      .createHash('sha256')
      .update(topic + client)
      .digest('hex');
    subscribers.set(topic, (subscribers.get(topic) ?? new Map<string, string>()).set(client, subscriptionId));
    // Messages published before the subscription wait for it (the relay is a mailbox).
    deliverStored(client, topic, subscriptionId);
    return subscriptionId;
  };

  /** The ttl and tag of a publish, checked; null when malformed. */
  const ttlAndTag = (
    params: Record<string, unknown>,
    defaultTag: number,
  ): { ttl: number; tag: number } | null => {
    const ttl = params.ttl ?? 300;
    const tag = params.tag ?? defaultTag;
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_SECONDS) return null;
    if (typeof tag !== 'number' || !Number.isInteger(tag) || tag < 0) return null;
    return { ttl, tag };
  };

  /** Runs one request; resolves its result, or a string: the error to answer (and record). */
  const run = (ws: WebSocket, method: string, params: Record<string, unknown>): unknown => {
    switch (method) {
      case 'irn_subscribe':
        return isTopic(params.topic) ? subscribe(ws, params.topic) : new Error('topic');
      case 'irn_batchSubscribe': {
        const topics = params.topics;
        if (!Array.isArray(topics) || !topics.every(isTopic)) return new Error('topics');
        return topics.map((topic) => subscribe(ws, topic));
      }
      case 'irn_unsubscribe':
        if (!isTopic(params.topic)) return new Error('topic');
        subscribers.get(params.topic)?.delete(clientOf.get(ws)!);
        return true;
      case 'irn_batchUnsubscribe': {
        const list = params.subscriptions;
        if (!Array.isArray(list) || !list.every((item) => isTopic((item as { topic?: unknown })?.topic)))
          return new Error('subscriptions');
        for (const item of list as Array<{ topic: string }>)
          subscribers.get(item.topic)?.delete(clientOf.get(ws)!);
        return true;
      }
      case 'irn_publish': {
        const checked = ttlAndTag(params, 0);
        if (!isTopic(params.topic) || !isMessage(params.message) || !checked)
          return new Error('topic, message, ttl or tag');
        publish(ws, params.topic, params.message, checked.ttl, checked.tag);
        return true;
      }
      case 'irn_batchFetchMessages': {
        const topics = params.topics;
        if (!Array.isArray(topics) || !topics.every(isTopic)) return new Error('topics');
        const client = clientOf.get(ws)!;
        const seen = delivered.get(client) ?? new Set<string>();
        delivered.set(client, seen);
        const messages = live().filter(
          (message) =>
            topics.includes(message.topic) && message.publisher !== client && !seen.has(messageId(message)),
        );
        messages.forEach((message) => seen.add(messageId(message)));
        return {
          messages: messages.map(({ topic, message, publishedAt, tag }) => ({
            topic,
            message,
            publishedAt,
            tag,
          })),
          hasMore: false,
        };
      }
      case 'wc_proposeSession': {
        const checked = ttlAndTag(params, PROPOSE_TAG);
        if (!isTopic(params.pairingTopic) || !isMessage(params.sessionProposal) || !checked)
          return new Error('pairingTopic, sessionProposal or ttl');
        // The proposer hears the answer on the pairing topic: proposing subscribes it there.
        subscribe(ws, params.pairingTopic);
        publish(ws, params.pairingTopic, params.sessionProposal, checked.ttl, PROPOSE_TAG);
        return true;
      }
      case 'wc_approveSession': {
        const checked = ttlAndTag(params, SETTLE_TAG);
        if (
          !isTopic(params.pairingTopic) ||
          !isTopic(params.sessionTopic) ||
          !isMessage(params.sessionProposalResponse) ||
          !isMessage(params.sessionSettlementRequest) ||
          !checked
        )
          return new Error('pairingTopic, sessionTopic, sessionProposalResponse or sessionSettlementRequest');
        // The approving wallet hears the session's requests: approving subscribes it there.
        subscribe(ws, params.sessionTopic);
        publish(ws, params.pairingTopic, params.sessionProposalResponse, checked.ttl, PROPOSE_RESPONSE_TAG);
        publish(ws, params.sessionTopic, params.sessionSettlementRequest, checked.ttl, SETTLE_TAG);
        return true;
      }
      default:
        return new Error(`unknown method`);
    }
  };

  const onMessage = (ws: WebSocket, text: string) => {
    let payload: { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
    try {
      payload = JSON.parse(text);
    } catch {
      refuse('a frame that is not JSON');
      return;
    }
    // A client's acknowledgement of an irn_subscription.
    if (payload.method === undefined && ('result' in payload || 'error' in payload)) return;
    const { id, method } = payload;
    if (typeof method !== 'string' || (typeof id !== 'number' && typeof id !== 'string')) {
      refuse(`a request without method or id: ${text.slice(0, 200)}`);
      return;
    }
    report.methods[method] = (report.methods[method] ?? 0) + 1;
    const params =
      typeof payload.params === 'object' && payload.params !== null
        ? (payload.params as Record<string, unknown>)
        : {};
    const result = run(ws, method, params);
    if (result instanceof Error) {
      refuse(`${method}: bad ${result.message}`);
      ws.send(
        JSON.stringify({ id, jsonrpc: '2.0', error: { code: -32602, message: `Invalid ${result.message}` } }),
      );
      return;
    }
    ws.send(JSON.stringify({ id, jsonrpc: '2.0', result }));
  };

  return {
    url,
    projectId,
    close: async () => {
      clearInterval(pinger);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
