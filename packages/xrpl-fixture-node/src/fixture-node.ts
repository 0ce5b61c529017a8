// SYNTHETIC — a stand-in rippled (XRP Ledger server) for tests. No rippled runs on these machines,
// so this HTTP server answers a subset of rippled's JSON-RPC API (xrpl.org, "HTTP / WebSocket APIs",
// API v1 shapes) from in-memory state. Result names, codes and messages are rippled's, but every
// value in a reply is made up by the fixture; a test that relies on a reply is relying on a fixture
// and should say so in its name. Submissions are validated with the independent code in
// independent.ts (@noble + ripple-binary-codec bytes), never with xrpl.js or ripple-keypairs.
// Binds 127.0.0.1 only; ledgers close on demand (fixture time: 4 s per ledger) and nothing sleeps.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseDecimal } from './decimal.js';
import { submitBlob } from './fixture-engine.js';
import { currencyBytes, FixtureLedger, lineKey, ACCOUNT_FLAGS } from './fixture-ledger.js';
import { readMethods, type Method } from './fixture-read-methods.js';
import { accountRootJson, signerListJson } from './fixture-replies.js';
import { rpcError, RpcError, type Json, type Params } from './fixture-rpc.js';
import { txMethods } from './fixture-tx-methods.js';
import { isClassicAddress } from './independent.js';
import { isApplied } from './results.js';
import { signSingle, testKey } from './test-signer.js';

/** The fixture's genesis account (holds every drop at start): testKey('secp256k1', GENESIS_SEED). */
const GENESIS_SEED = 'keystead xrpl-fixture-node genesis';
export const FIXTURE_GENESIS = 'rhRk4aeNNXMY4joHPZc92QQsH2WJrkJVGz';
/** An issuer for USD trust lines in tests: testKey('secp256k1', FIXTURE_USD_ISSUER_SEED).address. */
export const FIXTURE_USD_ISSUER_SEED = 'keystead xrpl-fixture-node USD issuer';
export const FIXTURE_USD_ISSUER = 'rsT6wv7u8wtc4FxeqNd11tDvqzV9vHjFi4';
/** The limit of trust lines made by setTrustBalance. */
export const FIXTURE_TRUST_LIMIT = '1000000000';

export interface XrplFixtureNodeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Drops; default 10. */
  baseFee?: number;
  /** Drops; default 1_000_000 (1 XRP). */
  reserveBase?: number;
  /** Drops per owned object; default 200_000 (0.2 XRP). */
  reserveInc?: number;
  /** Close a ledger after each accepted submit, fund and setTrustBalance (default true). */
  autoClose?: boolean;
  /** Index of the first (already validated) ledger; default 1000. */
  startLedger?: number;
  /** Fixture time of the first ledger (Unix ms); default now. */
  startTime?: number;
}

export interface XrplFixtureNode {
  url: string;
  close(): Promise<void>;
  /** Pays drops from FIXTURE_GENESIS (a real, signed Payment that account_tx lists); creates the account if needed. */
  fund(address: string, drops: bigint | number): void;
  /** Creates or sets the holder's trust line to the issuer (holder-side balance); creates the issuer if missing. */
  setTrustBalance(holder: string, currency: string, issuer: string, value: string): void;
  /** Closes (and validates) n ledgers, the first one with the open ledger's transactions. */
  closeLedger(n?: number): void;
  /** The last validated ledger's index. */
  ledgerIndex(): number;
  /** The account as account_info prints it in the open ledger, with signer_lists; undefined if none. */
  account(address: string): Json | undefined;
  state: FixtureLedger;
}

export async function startXrplFixtureNode(options: XrplFixtureNodeOptions = {}): Promise<XrplFixtureNode> {
  const fees = {
    baseFee: BigInt(options.baseFee ?? 10),
    reserveBase: BigInt(options.reserveBase ?? 1_000_000),
    reserveInc: BigInt(options.reserveInc ?? 200_000),
  };
  const fixture = new FixtureLedger(
    fees,
    options.startLedger ?? 1000,
    options.startTime ?? Date.now(),
    FIXTURE_GENESIS,
  );
  const autoClose = options.autoClose ?? true;
  const genesisKey = testKey('secp256k1', GENESIS_SEED);
  const closeIfAuto = () => {
    if (autoClose) fixture.close();
  };

  const submit = (blob: string) => {
    const outcome = submitBlob(fixture, blob);
    if (outcome.kind === 'engine' && isApplied(outcome.result)) closeIfAuto();
    return outcome;
  };

  const node: XrplFixtureNode = {
    url: '',
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
    fund(address, drops) {
      if (!isClassicAddress(address)) throw new Error(`fixture node: not a classic address: ${address}`);
      const genesis = fixture.account(FIXTURE_GENESIS)!;
      const destination = fixture.account(address);
      const needsTag = destination && (destination.flags & ACCOUNT_FLAGS.lsfRequireDestTag) !== 0;
      const payment = {
        TransactionType: 'Payment',
        Account: FIXTURE_GENESIS,
        Destination: address,
        Amount: BigInt(drops).toString(),
        Fee: fees.baseFee.toString(),
        Flags: 0,
        Sequence: genesis.sequence,
        ...(needsTag ? { DestinationTag: 0 } : {}),
      };
      const outcome = submitBlob(fixture, signSingle(payment, genesisKey));
      if (outcome.kind !== 'engine' || outcome.result !== 'tesSUCCESS') {
        const why = outcome.kind === 'engine' ? outcome.result : outcome.exception;
        throw new Error(`fixture node: funding ${address} with ${drops} drops failed: ${why}`);
      }
      closeIfAuto();
    },
    setTrustBalance(holder, currency, issuer, value) {
      if (!isClassicAddress(holder) || !isClassicAddress(issuer) || holder === issuer) {
        throw new Error('fixture node: a trust line needs two different classic addresses');
      }
      currencyBytes(currency); // throws on a code the ledger cannot hold
      const root = fixture.account(holder);
      if (!root) throw new Error(`fixture node: fund ${holder} before giving it a trust line`);
      if (!fixture.account(issuer)) fixture.createAccount(issuer);
      const key = lineKey(holder, currency, issuer);
      let line = fixture.state.lines.get(key);
      if (!line) {
        const limit = parseDecimal(FIXTURE_TRUST_LIMIT);
        line = {
          holder,
          issuer,
          currency,
          balance: parseDecimal('0'),
          limit,
          previousTxnId: '0'.repeat(64),
          previousTxnLgrSeq: fixture.openIndex,
        };
        fixture.state.lines.set(key, line);
        root.ownerCount += 1; // the holder's side reserves the line
      }
      line.balance = parseDecimal(value);
      closeIfAuto();
    },
    closeLedger(n = 1) {
      for (let i = 0; i < n; i++) fixture.close();
    },
    ledgerIndex: () => fixture.validated.index,
    account(address) {
      const root = fixture.account(address);
      if (!root) return undefined;
      const list = fixture.state.signerLists.get(address);
      return { ...accountRootJson(root), signer_lists: list ? [signerListJson(list)] : [] };
    },
    state: fixture,
  };

  const methods: Record<string, Method> = { ...readMethods(fixture), ...txMethods(fixture, submit) };

  // SYNTHETIC control endpoints (no rippled has them): tests in another process (browser tests)
  // fund accounts, set trust lines and close ledgers over HTTP, as they would in-process.
  const control: Record<string, (p: Params) => void> = {
    '/fixture/fund': (p) => node.fund(String(p.address), BigInt(String(p.drops))),
    '/fixture/trust': (p) =>
      node.setTrustBalance(String(p.holder), String(p.currency), String(p.issuer), String(p.value)),
    '/fixture/close': (p) => node.closeLedger(p.n === undefined ? 1 : Number(p.n)),
  };

  function rpc(body: Params): Json {
    const method = String(body.method ?? '');
    const params = ((body.params as Params[] | undefined)?.[0] ?? {}) as Params;
    const request = { ...params, command: method };
    try {
      const handler = methods[method];
      if (!handler) throw rpcError('unknownCmd');
      return { result: { ...handler(params), status: 'success' } };
    } catch (e) {
      if (!(e instanceof RpcError)) throw e;
      return { result: { ...e.body, request, status: 'error' } };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return send(res, 405, { error: `fixture node: ${req.method} not allowed` });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Params;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Params;
    } catch {
      return send(res, 400, { error: 'fixture node: the body is not JSON' });
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const action = control[path];
    if (!action) return send(res, 200, rpc(body));
    try {
      action(body);
      send(res, 200, { ok: true, ledger_index: fixture.validated.index });
    } catch (e) {
      send(res, 400, { ok: false, error: (e as Error).message });
    }
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => send(res, 500, { error: (e as Error).message }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(node, { url: `http://127.0.0.1:${port}` });
  return node;
}
