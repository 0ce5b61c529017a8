/// <reference lib="dom" />
import { ed25519 } from '@noble/curves/ed25519';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import type { Page } from 'playwright-core';

export { Keypair };

type Reply = { result: unknown } | { error: string };

export interface SolanaSignerStandIn {
  address: string;
  /** The next request of this method is refused as Phantom refuses ("User rejected the request.", 4001). */
  rejectNext(method: 'connect' | 'signMessage' | 'signTransaction'): void;
  /** Every method the page asked for, in order. */
  calls: string[];
}

/** A fresh TEST key for one run. */
export const freshSolanaKey = () => Keypair.generate();

/**
 * Gives the page a Phantom-compatible `window.solana` (connect, publicKey, signMessage,
 * signTransaction) whose key lives here in Node (a TEST Keypair): messages are signed with
 * ed25519 (@noble/curves) over their bytes, as Phantom does; a transaction's message is signed
 * here and the signature put into the page's VersionedTransaction at this key's slot, returned
 * as Phantom returns the signed transaction. One page holds one account.
 */
export async function installSolanaSigner(page: Page, key: Keypair): Promise<SolanaSignerStandIn> {
  const rejections = new Set<string>();
  const calls: string[] = [];
  const address = key.publicKey.toBase58();
  const secret = key.secretKey.slice(0, 32);

  const answer = (method: string, args: unknown[]): unknown => {
    switch (method) {
      case 'connect':
        return address;
      case 'signMessage':
        return Array.from(ed25519.sign(Uint8Array.from(args[0] as number[]), secret));
      case 'signTransaction': {
        // The transaction as the page serialized it: sign its message, say at which slot.
        const tx = VersionedTransaction.deserialize(Uint8Array.from(args[0] as number[]));
        const slot = tx.message.staticAccountKeys
          .slice(0, tx.message.header.numRequiredSignatures)
          .findIndex((account) => account.equals(key.publicKey));
        if (slot < 0) throw new Error('This transaction does not need a signature from this account');
        return { slot, signature: Array.from(ed25519.sign(tx.message.serialize(), secret)) };
      }
      default:
        throw new Error(`Solana wallet stand-in: no ${method}`);
    }
  };

  await page.exposeFunction('__ksSolanaSigner', async (method: string, args: unknown[]): Promise<Reply> => {
    calls.push(method);
    if (rejections.delete(method)) return { error: 'User rejected the request.' };
    try {
      return { result: answer(method, args) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  await page.addInitScript((account: string) => {
    type Bridge = (method: string, args: unknown[]) => Promise<{ result?: unknown; error?: string }>;
    const bridge = (window as unknown as { __ksSolanaSigner: Bridge }).__ksSolanaSigner;
    const call = async (method: string, args: unknown[]) => {
      const reply = await bridge(method, args);
      // Phantom rejects with { code: 4001, message }.
      if (reply.error !== undefined)
        throw Object.assign(new Error(reply.error), { code: /rejected/.test(reply.error) ? 4001 : -32603 });
      return reply.result;
    };
    const publicKey = { toString: () => account, toBase58: () => account };
    const provider = {
      isPhantom: true,
      publicKey: null as typeof publicKey | null,
      isConnected: false,
      async connect() {
        await call('connect', []);
        provider.publicKey = publicKey;
        provider.isConnected = true;
        return { publicKey };
      },
      async signMessage(message: Uint8Array) {
        if (!provider.isConnected) throw Object.assign(new Error('Not connected'), { code: 4100 });
        const signature = (await call('signMessage', [Array.from(message)])) as number[];
        return { signature: new Uint8Array(signature), publicKey };
      },
      async signTransaction<T extends { serialize(): Uint8Array; signatures: Uint8Array[] }>(tx: T) {
        if (!provider.isConnected) throw Object.assign(new Error('Not connected'), { code: 4100 });
        const { slot, signature } = (await call('signTransaction', [Array.from(tx.serialize())])) as {
          slot: number;
          signature: number[];
        };
        tx.signatures[slot] = new Uint8Array(signature);
        return tx;
      },
    };
    (window as unknown as { solana: unknown }).solana = provider;
  }, address);

  return {
    address,
    rejectNext: (method) => void rejections.add(method),
    calls,
  };
}

/** Local Solana devnet control (packages/solana-devnet): POST /fixture/* with a JSON body. */
export async function solanaControl(rpcUrl: string, path: string, body: object): Promise<unknown> {
  const reply = await fetch(`${rpcUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

/** Pays `lamports` to an address from the devnet's faucet. */
export const solanaAirdrop = (rpcUrl: string, address: string, lamports: bigint) =>
  solanaControl(rpcUrl, '/fixture/airdrop', { address, lamports: String(lamports) });

/** Writes an account straight into the devnet's VM (a FIXTURE, no transaction). */
export const solanaSetAccount = (
  rpcUrl: string,
  address: string,
  account: { owner: string; data: Uint8Array; lamports?: bigint },
) =>
  solanaControl(rpcUrl, '/fixture/set-account', {
    address,
    owner: account.owner,
    data: Buffer.from(account.data).toString('base64'),
    ...(account.lamports === undefined ? {} : { lamports: String(account.lamports) }),
  });
