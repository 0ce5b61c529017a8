/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { signPayload, signTip191 } from '@keystead/chains/tron/tron-test-kit';
import { testKey, type TestKey } from '@keystead/tron-fixture-node/test-signer';

export { testKey, type TestKey };

type Reply = { result: unknown } | { error: string };

export interface TronSignerStandIn {
  address: string;
  /** The next request of this method is refused as TronLink refuses ("Confirmation declined by user"). */
  rejectNext(method: 'signMessageV2' | 'sign' | 'multiSign'): void;
  /** Every method the page asked for, in order. */
  calls: string[];
}

/**
 * Gives the page a TronLink stand-in (`window.tronLink`, `window.tronWeb` with its default
 * account) whose signatures are made here in Node with a TEST key: TIP-191 messages
 * (signMessageV2) and transactions (sign, multiSign) returned with the signature appended, as
 * TronLink returns them. One page holds one account, as TronLink shows one at a time.
 */
export async function installTronSigner(page: Page, key: TestKey): Promise<TronSignerStandIn> {
  const rejections = new Set<string>();
  const calls: string[] = [];

  const answer = (method: string, args: unknown[]): unknown => {
    switch (method) {
      case 'signMessageV2':
        return signTip191(String(args[0]), key.privateKey);
      case 'sign':
        return JSON.parse(signPayload(String(args[0]), [key.privateKey]));
      case 'multiSign': {
        const tx = JSON.parse(String(args[0])) as {
          raw_data: { contract: Array<{ Permission_id?: number }> };
        };
        // TronLink signs a multisig transaction under the permission it names.
        if ((tx.raw_data.contract[0]?.Permission_id ?? 0) !== Number(args[1] ?? 0))
          throw new Error('Permission id does not match the transaction');
        return JSON.parse(signPayload(String(args[0]), [key.privateKey]));
      }
      default:
        throw new Error(`TronLink stand-in: no ${method}`);
    }
  };

  await page.exposeFunction('__ksTronSigner', async (method: string, args: unknown[]): Promise<Reply> => {
    calls.push(method);
    if (rejections.delete(method)) return { error: 'Confirmation declined by user' };
    try {
      return { result: answer(method, args) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  await page.addInitScript((address: string) => {
    type Bridge = (method: string, args: unknown[]) => Promise<{ result?: unknown; error?: string }>;
    const bridge = (window as unknown as { __ksTronSigner: Bridge }).__ksTronSigner;
    const call = async (method: string, args: unknown[]) => {
      const reply = await bridge(method, args);
      // TronLink rejects with a plain string.
      if (reply.error !== undefined) throw reply.error;
      return reply.result;
    };
    (window as unknown as { tronLink: unknown }).tronLink = {
      ready: true,
      request: async ({ method }: { method: string }) =>
        method === 'tron_requestAccounts'
          ? { code: 200, message: 'The site is already in the whitelist' }
          : null,
    };
    (window as unknown as { tronWeb: unknown }).tronWeb = {
      ready: true,
      defaultAddress: { base58: address },
      trx: {
        signMessageV2: (message: string) => call('signMessageV2', [message]),
        sign: (tx: object) => call('sign', [JSON.stringify(tx)]),
        multiSign: (tx: object, _privateKey?: string, permissionId?: number) =>
          call('multiSign', [JSON.stringify(tx), permissionId ?? 0]),
      },
    };
  }, key.address);
  return { address: key.address, rejectNext: (method) => rejections.add(method), calls };
}

/** A fresh set of TEST keys for one run (random numbers: a retried test never meets an account a run changed). */
export function freshTronKeys(count: number): TestKey[] {
  const base = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  return Array.from({ length: count }, (_, index) => testKey(base + index * 7 + 1));
}

/** SYNTHETIC fixture node control: credits TRX (sun) or its USDT (6 decimals, units) to an address. */
export async function fixtureFund(
  rpcUrl: string,
  what: { address: string; sun?: bigint; usdt?: bigint },
): Promise<void> {
  const post = async (path: string, body: object) => {
    const reply = await fetch(`${rpcUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  };
  if (what.sun !== undefined) await post('/fixture/fund', { address: what.address, sun: String(what.sun) });
  if (what.usdt !== undefined)
    await post('/fixture/fund-token', { address: what.address, amount: String(what.usdt) });
}

/** SYNTHETIC fixture node control: seals `blocks` blocks. */
export async function fixtureMine(rpcUrl: string, blocks: number): Promise<void> {
  await fetch(`${rpcUrl}/fixture/mine`, { method: 'POST', body: JSON.stringify({ blocks }) });
}
