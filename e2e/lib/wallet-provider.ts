/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { createWalletClient, http, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { inject } from 'vitest';

/**
 * Publicly known Hardhat test keys (mnemonic "test … junk"). The tests use accounts 7–9 so they
 * never race the server's faucet (account 0) or a devnet-signer relay on the same nonces.
 */
export const TEST_KEYS = {
  7: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  8: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  9: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
} as const satisfies Record<number, Hex>;

let devnetOverride: string | null = null;
/** Points this test file's devnet reads at another server's devnet. */
export function useDevnet(url: string | null): void {
  devnetOverride = url;
}
export const devnetRpcUrl = (): string => devnetOverride ?? inject('devnetRpcUrl');

type Reply = { result: unknown } | { error: { code: number; message: string } };

export interface InjectedWallet {
  address: Hex;
  /** The next request of this method is refused as a user would (EIP-1193 4001). */
  rejectNext(method: string): void;
  /** Every method the page asked for, in order. */
  calls: string[];
}

/**
 * Gives the page an EIP-1193 `window.ethereum` (as a browser extension would) whose requests are
 * answered here in Node with a test key: accounts, chain 31337, personal_sign, typed data, and
 * eth_sendTransaction signed locally and sent to the server's devnet. Anything else is passed to
 * the devnet's JSON-RPC.
 */
export async function installInjectedWallet(page: Page, privateKey: Hex): Promise<InjectedWallet> {
  const account = privateKeyToAccount(privateKey);
  const rpcUrl = devnetRpcUrl();
  const client = createWalletClient({ account, chain: hardhat, transport: http(rpcUrl) });
  const rejections = new Set<string>();
  const calls: string[] = [];

  const answer = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return numberToHex(hardhat.id);
      case 'net_version':
        return String(hardhat.id);
      case 'wallet_switchEthereumChain': {
        const wanted = (params[0] as { chainId: string }).chainId;
        if (Number(wanted) !== hardhat.id)
          throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
        return null;
      }
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case 'eth_signTypedData_v4': {
        const data = JSON.parse(params[1] as string) as { types: Record<string, unknown> };
        const { EIP712Domain: _domain, ...types } = data.types;
        return account.signTypedData({ ...(data as object), types } as never);
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex };
        return client.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n });
      }
      default: {
        const reply = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const body = (await reply.json()) as { result?: unknown; error?: { code: number; message: string } };
        if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
        return body.result;
      }
    }
  };

  await page.exposeFunction('__ksTestWallet', async (method: string, params: unknown[]): Promise<Reply> => {
    calls.push(method);
    if (rejections.delete(method)) return { error: { code: 4001, message: 'User rejected the request.' } };
    try {
      return { result: await answer(method, params ?? []) };
    } catch (error) {
      const code =
        typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603;
      return { error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  });
  await page.addInitScript(() => {
    type Bridge = (
      method: string,
      params: unknown[],
    ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    const bridge = (window as unknown as { __ksTestWallet: Bridge }).__ksTestWallet;
    const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const reply = await bridge(method, params ?? []);
        if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return reply.result;
      },
      on(event: string, listener: (...args: unknown[]) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
      },
      removeListener(event: string, listener: (...args: unknown[]) => void) {
        listeners.get(event)?.delete(listener);
      },
    };
  });
  return { address: account.address, rejectNext: (method) => rejections.add(method), calls };
}
