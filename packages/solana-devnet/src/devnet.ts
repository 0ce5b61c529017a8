// A local Solana node for development and tests: LiteSVM (the real Solana runtime, in-process)
// behind the Solana JSON-RPC API, so an unmodified @solana/web3.js Connection can use it.
// Every transaction is executed by the VM with signature verification and the blockhash check on.
// One validator, no consensus, no forks: every applied transaction is final at once.
import { createServer } from 'node:http';
import { lamports as asLamports } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { Chain, toAddress } from './chain.js';
import { Fixtures } from './fixtures.js';
import { answer } from './rpc.js';
import { readMethods } from './rpc-read.js';
import { txMethods } from './rpc-tx.js';
import { closeServer, createRpcServer, listenPair, type ControlAction } from './server.js';
import { PubSub } from './websocket.js';

export interface SolanaDevnet {
  /** JSON-RPC endpoint, http://127.0.0.1:<port>. */
  url: string;
  /** PubSub endpoint (signatureSubscribe only); it is also where web3.js looks by default (port + 1). */
  wsUrl: string;
  /** The VM itself (litesvm 1.5.0, the @solana/kit-flavoured API), for tests that set accounts. */
  svm: LiteSVM;
  airdrop(address: string, lamports: bigint): void;
  /** Creates an SPL mint (classic Token program) with `decimals`, mint authority a key the devnet keeps; returns the mint address. */
  createMint(decimals: number, mintAddress?: string): Promise<string>;
  /** Mints `amount` (smallest units) of `mint` to `owner`'s associated token account (created when missing). */
  mintTo(mint: string, owner: string, amount: bigint): Promise<void>;
  /**
   * Writes an account straight into the VM (a fixture, no transaction), rent-exempt unless
   * `lamports` is given, and adds it to the addresses getTokenAccountsByOwner looks through.
   */
  setAccount(address: string, account: { owner: string; data: Uint8Array; lamports?: bigint }): void;
  /** The data of the account at `address`, or null when there is none. */
  getAccountData(address: string): Promise<Uint8Array | null>;
  /** Moves the VM forward one slot and gives it a fresh blockhash (call it after each sent transaction is applied). */
  advance(): void;
  close(): Promise<void>;
}

export interface SolanaDevnetOptions {
  /** 0 (the default) picks a free port (with a free one after it for the WebSocket endpoint). */
  port?: number;
  host?: string;
  /** Extra BPF programs (.so files) to load, e.g. a Squads v4 binary. */
  programs?: Array<{ programId: string; file: string }>;
}

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '') throw new Error(`solana devnet: '${name}' must be a string`);
  return value;
};

export async function startSolanaDevnet(options: SolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  // new LiteSVM() already loads the builtins, sysvars, mainnet's feature set and the SPL programs
  // (Token, Token-2022, Associated Token Account, Memo) and checks signatures and blockhashes; said
  // again for clarity.
  const svm = new LiteSVM().withSigverify(true).withBlockhashCheck(true);
  const chain = new Chain(svm);
  // After the chain moved the clock to slot 0, so the programs' deployment slot is one of its own.
  for (const program of options.programs ?? []) {
    svm.addProgramFromFile(toAddress(program.programId), program.file);
  }
  const fixtures = new Fixtures(chain);
  const methods = { ...readMethods(chain), ...txMethods(chain, fixtures) };
  const pubsub = new PubSub(chain);

  // Control endpoints for browser tests and dev tools (no real node has them).
  const control: Record<string, ControlAction> = {
    '/fixture/airdrop': (b) => ({
      signature: fixtures.airdrop(text(b.address, 'address'), BigInt(text(b.lamports, 'lamports'))),
    }),
    '/fixture/mint': (b) => ({
      signature: fixtures.mintTo(
        text(b.mint, 'mint'),
        text(b.owner, 'owner'),
        BigInt(text(b.amount, 'amount')),
      ),
    }),
    '/fixture/create-mint': (b) => ({
      mint: fixtures.createMint(Number(b.decimals), b.mint === undefined ? undefined : text(b.mint, 'mint')),
    }),
    // An account written straight into the VM (data base64; lamports a string, rent-exempt when left out).
    '/fixture/set-account': (b) => {
      const address = text(b.address, 'address');
      devnet.setAccount(address, {
        owner: text(b.owner, 'owner'),
        data: new Uint8Array(Buffer.from(text(b.data, 'data'), 'base64')),
        lamports: b.lamports === undefined ? undefined : BigInt(text(b.lamports, 'lamports')),
      });
      return { address };
    },
  };

  const host = options.host ?? '127.0.0.1';
  const server = createRpcServer((body) => answer(methods, body), control, pubsub.upgrade);
  const wsServer = createServer((_, res) => res.writeHead(426).end()); // WebSocket upgrades only
  wsServer.on('upgrade', pubsub.upgrade);
  const port = await listenPair(server, wsServer, options.port ?? 0, host);

  const devnet: SolanaDevnet = {
    url: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port + 1}`,
    svm,
    airdrop: (address, lamports) => void fixtures.airdrop(address, lamports),
    createMint: async (decimals, mintAddress) => fixtures.createMint(decimals, mintAddress),
    mintTo: async (mint, owner, amount) => void fixtures.mintTo(mint, owner, amount),
    setAccount(address, { owner, data, lamports }) {
      const key = toAddress(address);
      svm.setAccount({
        address: key,
        lamports: asLamports(lamports ?? svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: toAddress(owner),
        data,
        executable: false,
        space: BigInt(data.length),
      });
      chain.known.add(key);
    },
    getAccountData: async (address) => {
      const account = chain.account(address);
      return account ? new Uint8Array(account.data) : null;
    },
    advance: () => chain.advance(),
    async close() {
      pubsub.close();
      await Promise.all([closeServer(server), closeServer(wsServer)]);
    },
  };
  return devnet;
}
