// SYNTHETIC — a stand-in Tron full node for tests. No Tron node runs on these machines (DESIGN.md,
// "Chains in the default run and in tests"), so this HTTP server answers a subset of the full node's
// HTTP API (developers.tron.network, "HTTP API") from in-memory state. Its replies follow the
// documented JSON shapes, but every value in them is made up by the fixture; a test that relies on a
// reply is relying on a fixture and should say so in its name. Broadcasts are validated with the
// independent reader (independent.ts: Tron's .proto + @noble secp256k1), never with tronweb.
// Binds 127.0.0.1 only; fixture time advances 3 s per block and nothing sleeps.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toBase58 } from './address.js';
import { applyTx } from './fixture-apply.js';
import { FIXTURE_USDT, FixtureChain, type FailReason, type StoredTx } from './fixture-chain.js';
import {
  accountJson,
  accountResourceJson,
  blockJson,
  hexOfText,
  present,
  stringify,
  txJson,
  unsignedTx,
} from './fixture-replies.js';
import {
  parseCall,
  selectorOf,
  transferEnergy,
  transferWouldSucceed,
  SYNTHETIC_ENERGY,
  word,
} from './fixture-trc20.js';
import { validateBroadcast } from './fixture-validate.js';
import { decodeTransaction, encodeRawData, txIdOf, type Json } from './independent.js';

export { FIXTURE_USDT, FIXTURE_USDT_DECIMALS, MAINNET_CHAIN_PARAMETERS } from './fixture-chain.js';

export interface TronFixtureNodeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** When set, requests without this TRON-PRO-API-KEY header get 401, as TronGrid answers. */
  apiKey?: string;
  /** Fixture time of the genesis block (ms); default now, rounded down to 3 s. */
  startTime?: number;
  /** Overrides of MAINNET_CHAIN_PARAMETERS. */
  chainParameters?: Partial<Record<string, number>>;
  /** Seal a block after each accepted broadcast (default true); false keeps txs pending until mine(). */
  autoMine?: boolean;
  /** Check ref_block_bytes/ref_block_hash against the fixture's blocks (default true). */
  checkTapos?: boolean;
}

export interface TronFixtureNode {
  url: string;
  close(): Promise<void>;
  /** Credits TRX (sun) to an address, creating (activating) the account when needed. No block. */
  fund(address: string, sun: bigint | number): void;
  /** Credits FIXTURE_USDT base units to an address. */
  fundToken(contract: string, address: string, amount: bigint | number): void;
  /** Produces n blocks (the first one takes the pending transactions). */
  mine(n?: number): void;
  /** SYNTHETIC reorg: the block holding this transaction and those after it leave the chain. */
  reorg(txId: string): void;
  /** The next TriggerSmartContract fails on chain with this result; its fee is still burned. */
  setFailNext(reason: FailReason): void;
  state: FixtureChain;
}

type Params = Record<string, unknown>;
type Handler = (p: Params) => unknown;

const isVisible = (p: Params) => p.visible === true || p.visible === 'true';

export async function startTronFixtureNode(options: TronFixtureNodeOptions = {}): Promise<TronFixtureNode> {
  const chain = new FixtureChain(options.startTime ?? Date.now(), options.chainParameters);
  const autoMine = options.autoMine ?? true;
  const mine = (n = 1) => {
    for (let i = 0; i < n; i++) chain.produceBlock((tx, block) => applyTx(chain, tx, block));
  };

  /** Validates and accepts; returns the refusal or undefined. */
  const accept = (txID: string, rawDataHex: string, signatures: string[]) => {
    const v = validateBroadcast(chain, txID, rawDataHex, signatures, {
      checkTapos: options.checkTapos ?? true,
    });
    if (!v.ok) return v;
    const tx: StoredTx = { txID, rawDataHex, signatures, decoded: v.decoded, contractRet: '', info: {} };
    chain.txs.set(txID, tx);
    chain.pending.push(tx);
    if (autoMine) mine(1);
    return undefined;
  };

  const node: TronFixtureNode = {
    url: '',
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
    fund(address, sun) {
      chain.createAccount(toBase58(address), chain.head.timestamp).balance += BigInt(sun);
    },
    fundToken(contract, address, amount) {
      if (toBase58(contract) !== FIXTURE_USDT) throw new Error(`fixture node has no token ${contract}`);
      const holder = toBase58(address);
      chain.usdt.set(holder, (chain.usdt.get(holder) ?? 0n) + BigInt(amount));
    },
    mine,
    reorg(txId) {
      const tx = chain.txs.get(txId.toLowerCase());
      if (tx?.blockNumber === undefined) throw new Error(`${txId} is not in a block`);
      chain.rollBack(tx.blockNumber);
    },
    setFailNext(reason) {
      chain.failNext = reason;
    },
    state: chain,
  };

  const blockByParam = (v: unknown) => chain.blockByNumber(Number(v));
  const confirmedTx = (id: unknown) => {
    const tx = chain.txs.get(String(id ?? '').toLowerCase());
    return tx && tx.blockNumber !== undefined ? tx : undefined;
  };

  const contractCall = (p: Params) => {
    const data = p.data
      ? String(p.data)
      : selectorOf(String(p.function_selector ?? '')) + String(p.parameter ?? '');
    const contract = toBase58(String(p.contract_address));
    const owner = toBase58(String(p.owner_address));
    return { data, contract, owner, call: contract === FIXTURE_USDT ? parseCall(chain, data) : undefined };
  };
  const noContract = {
    result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexOfText('No contract or not a smart contract') },
  };
  const reverted = (energy: number) => ({
    result: { code: 'CONTRACT_EXE_ERROR', message: hexOfText('REVERT opcode executed') },
    energy_used: energy,
    constant_result: [''],
  });
  const triggerTx = (p: Params, data: string) =>
    unsignedTx(
      chain,
      'TriggerSmartContract',
      {
        owner_address: toBase58(String(p.owner_address)),
        contract_address: toBase58(String(p.contract_address)),
        data,
      },
      {
        feeLimit: Number(p.fee_limit ?? 0),
        permissionId: Number(p.Permission_id ?? 0),
        visible: isVisible(p),
      },
    );

  const routes: Record<string, Handler> = {
    '/wallet/getnowblock': (p) => blockJson(chain.head, isVisible(p)),
    '/wallet/getblock': (p) => {
      const id = p.id_or_num;
      const b =
        id === undefined || id === ''
          ? chain.head
          : /^\d+$/.test(String(id))
            ? blockByParam(id)
            : chain.blockById(String(id));
      return b ? blockJson(b, isVisible(p), p.detail === true || p.detail === 'true') : {};
    },
    '/wallet/getblockbynum': (p) => {
      const b = blockByParam(p.num);
      return b ? blockJson(b, isVisible(p)) : {};
    },
    '/wallet/getblockbyid': (p) => {
      const b = chain.blockById(String(p.value ?? ''));
      return b ? blockJson(b, isVisible(p)) : {};
    },
    '/wallet/getblockbylimitnext': (p) => {
      const blocks = chain.blocks.slice(Number(p.startNum), Number(p.endNum));
      return blocks.length > 0 ? { block: blocks.map((b) => blockJson(b, isVisible(p))) } : {};
    },
    '/wallet/getaccount': (p) => {
      const a = chain.account(toBase58(String(p.address)));
      return a ? accountJson(a) : {};
    },
    '/wallet/getaccountresource': (p) => {
      const a = chain.account(toBase58(String(p.address)));
      return a ? accountResourceJson(chain, a) : {};
    },
    '/wallet/getchainparameters': () => ({
      chainParameter: Object.entries(chain.params).map(([key, value]) =>
        value === 0 ? { key } : { key, value },
      ),
    }),
    '/wallet/triggerconstantcontract': (p) => {
      const { data, owner, call } = contractCall(p);
      if (!call) return noContract;
      const transaction = triggerTx(p, data);
      if (call.kind === 'read') {
        return {
          result: { result: true },
          energy_used: SYNTHETIC_ENERGY.read,
          constant_result: [call.result],
          transaction,
        };
      }
      if (call.kind === 'transfer' && transferWouldSucceed(chain, owner, call.amount)) {
        return {
          result: { result: true },
          energy_used: transferEnergy(chain, call.to),
          constant_result: [word(1n)],
          transaction,
        };
      }
      return { ...reverted(SYNTHETIC_ENERGY.revert), transaction };
    },
    '/wallet/estimateenergy': (p) => {
      const { owner, call } = contractCall(p);
      if (!call) return noContract;
      if (call.kind === 'read') return { result: { result: true }, energy_required: SYNTHETIC_ENERGY.read };
      if (call.kind === 'transfer' && transferWouldSucceed(chain, owner, call.amount)) {
        return { result: { result: true }, energy_required: transferEnergy(chain, call.to) };
      }
      return { result: reverted(0).result };
    },
    '/wallet/triggersmartcontract': (p) => {
      const { data, call } = contractCall(p);
      return call ? { result: { result: true }, transaction: triggerTx(p, data) } : noContract;
    },
    '/wallet/broadcasttransaction': (p) => {
      const rawDataHex = p.raw_data !== undefined ? encodeRawData(p.raw_data) : String(p.raw_data_hex ?? '');
      const txid = txIdOf(rawDataHex);
      const fixtureError = (m: string) => ({
        code: 'OTHER_ERROR',
        txid,
        message: hexOfText(`fixture node: ${m}`),
      });
      if (p.raw_data_hex !== undefined && String(p.raw_data_hex).toLowerCase() !== rawDataHex) {
        return fixtureError('raw_data does not encode to raw_data_hex');
      }
      if (p.txID !== undefined && String(p.txID).toLowerCase() !== txid)
        return fixtureError('txID is not sha256(raw_data)');
      const signatures = ((p.signature as string[] | undefined) ?? []).map((s) => s.toLowerCase());
      const refusal = accept(txid, rawDataHex, signatures);
      return refusal
        ? { code: refusal.code, txid, message: hexOfText(refusal.message) }
        : { result: true, txid };
    },
    '/wallet/broadcasthex': (p) => {
      const tx = decodeTransaction(String(p.transaction ?? ''));
      const refusal = accept(tx.txID, tx.rawDataHex, tx.signatures);
      const transaction = stringify({ raw_data: tx.rawData.json, signature: tx.signatures });
      return refusal
        ? { result: false, code: refusal.code, txid: tx.txID, message: refusal.message, transaction }
        : { result: true, code: 'SUCCESS', txid: tx.txID, message: '', transaction };
    },
    '/wallet/gettransactionbyid': (p) => {
      const tx = confirmedTx(p.value);
      return tx ? txJson(tx, isVisible(p), true) : {};
    },
    '/wallet/gettransactioninfobyid': (p) => confirmedTx(p.value)?.info ?? {},
    '/wallet/gettransactioninfobyblocknum': (p) => (blockByParam(p.num)?.txs ?? []).map((t) => t.info),
  };

  // SYNTHETIC control endpoints (no real node has them): tests in another process (browser tests)
  // fund accounts and produce blocks over HTTP, as they would with the in-process methods.
  routes['/fixture/fund'] = (p) => {
    node.fund(String(p.address), BigInt(String(p.sun)));
    return { result: true };
  };
  routes['/fixture/fund-token'] = (p) => {
    node.fundToken(FIXTURE_USDT, String(p.address), BigInt(String(p.amount)));
    return { result: true };
  };
  routes['/fixture/mine'] = (p) => {
    node.mine(Number(p.blocks ?? 1));
    return { result: true, head: chain.head.number };
  };

  // The solidity node's /walletsolidity/* reads (tronweb's getTransactionInfo uses them). SYNTHETIC:
  // the fixture has no unconfirmed blocks, so every block counts as solidified at once.
  for (const name of [
    'getnowblock',
    'getblock',
    'getblockbynum',
    'getblockbylimitnext',
    'getaccount',
    'triggerconstantcontract',
    'gettransactionbyid',
    'gettransactioninfobyid',
    'gettransactioninfobyblocknum',
  ]) {
    routes[`/walletsolidity/${name}`] = routes[`/wallet/${name}`]!;
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => send(res, 200, { Error: (e as Error).message }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (options.apiKey !== undefined && req.headers['tron-pro-api-key'] !== options.apiKey) {
      // SYNTHETIC body; TronGrid answers 401 to a missing or unknown key.
      return send(res, 401, { Error: 'ApiKey not exists' });
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routes[url.pathname];
    if (!route) return send(res, 404, { Error: `fixture node: no ${url.pathname}` });
    let params: Params = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text) params = { ...params, ...(JSON.parse(text) as Params) };
    } else if (req.method !== 'GET') {
      return send(res, 405, { Error: `fixture node: ${req.method} not allowed` });
    }
    send(res, 200, present(route(params) as Json, isVisible(params)));
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(stringify(body));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(node, { url: `http://127.0.0.1:${port}` });
  return node;
}
