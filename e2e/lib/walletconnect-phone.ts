import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { Core } from '@walletconnect/core';
import { WalletKit, type WalletKitTypes } from '@reown/walletkit';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { MemoryStorage, relay } from './walletconnect-dapp';

type Request = WalletKitTypes.SessionRequest['params']['request'];

/**
 * A signer's phone wallet as WalletConnect's own wallet library runs it (@reown/walletkit, the
 * wallet side) on the relay stand-in, with a fresh key: it approves the page's proposal with its
 * account on `chains` and answers personal_sign and eth_signTypedData_v4 by signing with viem,
 * or refuses (WalletConnect's USER_REJECTED) while `refusing` is set; while `holding`, requests wait
 * for `release()`. State stays in memory.
 */
export async function phoneWallet(chains: number[] = [1, 31337]) {
  const key = privateKeyToAccount(generatePrivateKey());
  const core = new Core({
    projectId: relay().projectId,
    relayUrl: relay().url,
    storage: new MemoryStorage(),
    // Each phone of the test process has its own Core state.
    customStoragePrefix: `test-phone-${crypto.randomBytes(4).toString('hex')}`,
    telemetryEnabled: false,
    logger: 'error',
  });
  const kit = await WalletKit.init({
    core,
    metadata: {
      name: 'Test Phone Wallet',
      description: 'A phone wallet',
      url: 'https://phone.example',
      icons: [],
    },
  });
  const requests: Request[] = [];
  const state = { refusing: false, holding: false };

  kit.on('session_proposal', async ({ id, params }) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: chains.map((chain) => `eip155:${chain}`),
          methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: chains.map((chain) => `eip155:${chain}:${key.address}`),
        },
      },
    });
    await kit.approveSession({ id, namespaces });
  });

  const sign = async ({ method, params }: Request): Promise<Hex> => {
    if (method === 'personal_sign') return key.signMessage({ message: { raw: params[0] as Hex } });
    if (method === 'eth_signTypedData_v4') return key.signTypedData(JSON.parse(params[1] as string));
    throw new Error(`the test phone does not answer ${method}`);
  };

  /** Requests kept unanswered while `holding` (the user has not looked at the phone yet). */
  let held: Array<() => Promise<void>> = [];
  kit.on('session_request', async ({ id, topic, params }) => {
    requests.push(params.request);
    const answer = async () => {
      const response = state.refusing
        ? { id, jsonrpc: '2.0', error: getSdkError('USER_REJECTED') }
        : { id, jsonrpc: '2.0', result: await sign(params.request) };
      await kit.respondSessionRequest({ topic, response });
    };
    if (state.holding) held.push(answer);
    else await answer();
  });

  return {
    address: key.address,
    state,
    /** What the page asked, in order. */
    requests,
    /** Scans the page's pairing link. */
    pair: (uri: string) => kit.pair({ uri }),
    /** Answers the held requests now. */
    async release() {
      state.holding = false;
      const answers = held;
      held = [];
      for (const answer of answers) await answer();
    },
    close: () => core.relayer.transportClose(),
  };
}

/** What a phone's camera reads off the page's QR code (a screenshot of it, read by zbar). */
export async function scanQr(code: Locator): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-wc-')), 'qr.png');
  await code.screenshot({ path: file });
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
}
