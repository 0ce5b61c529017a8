import { describe, expect, it } from 'vitest';
import { hexToString, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { TypedDataRequest } from '../types';
import type { Client, Session } from './sign-client';
import { walletConnectConnector, type SignClientLibrary } from './walletconnect';
import { walletConnectPrompts } from './wc-prompt';
import type { SessionRequest } from './wc-requests';

const CONFIG = { project_id: 'p'.repeat(32), relay_url: 'ws://127.0.0.1:1' };

/**
 * A phone wallet standing in for sign-client: it approves a proposal with its account on the
 * chains it has and answers each request with `answer` (by default, signing with its key).
 */
function fakePhone(options: {
  key?: PrivateKeyAccount;
  chains?: number[];
  answer?: (request: SessionRequest, key: PrivateKeyAccount) => Promise<unknown>;
}) {
  const key = options.key ?? privateKeyToAccount(generatePrivateKey());
  const sessions: Session[] = [];
  const sent: SessionRequest[] = [];
  const proposed: unknown[] = [];
  let approve: () => void = () => {};
  const sign = async ({ request }: SessionRequest, signer: PrivateKeyAccount) =>
    request.method === 'personal_sign'
      ? signer.signMessage({ message: { raw: request.params[0] as Hex } })
      : request.method === 'eth_signTypedData_v4'
        ? signer.signTypedData(JSON.parse(request.params[1] as string))
        : `0x${'ab'.repeat(32)}`;
  const library: SignClientLibrary = {
    signClient: async () => ({}) as Client,
    liveSessions: () => sessions,
    async propose(_client, namespaces) {
      proposed.push(namespaces);
      const approval = new Promise<Session>((resolve) => {
        approve = () => {
          const session = {
            topic: String(sessions.length).padStart(64, '0'),
            expiry: Math.floor(Date.now() / 1000) + 3600,
            peer: { metadata: { name: 'Phone Wallet' } },
            namespaces: {
              eip155: { accounts: (options.chains ?? [1]).map((chain) => `eip155:${chain}:${key.address}`) },
            },
          } as unknown as Session;
          sessions.push(session);
          resolve(session);
        };
      });
      return { uri: 'wc:' + 'a'.repeat(64) + '@2?relay-protocol=irn&symKey=' + 'b'.repeat(64), approval };
    },
    async sendRequest<T>(_client: Client, _session: Session, request: SessionRequest) {
      sent.push(request);
      return (await (options.answer ?? sign)(request, key)) as T;
    },
    async endSession(_client, session) {
      sessions.splice(sessions.indexOf(session), 1);
    },
  };
  return { key, library, sessions, sent, proposed, approve: () => approve() };
}

/** Every prompt the dialog was given (a quick phone's request prompt is gone before a poll). */
const shown: unknown[] = [];
walletConnectPrompts.subscribe(() => {
  const pending = walletConnectPrompts.get();
  if (pending) shown.push(pending.prompt);
});

/** The prompt the dialog shows, once the connector has asked for it. */
async function shownPrompt() {
  await expect.poll(() => walletConnectPrompts.get()).not.toBeNull();
  return walletConnectPrompts.get()!;
}

const TYPED: TypedDataRequest = {
  domain: { name: 'Test', chainId: 31337 },
  types: { Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'hello' },
};

describe('WalletConnect connector (a stand-in phone)', () => {
  it('pairs through the dialog once, then reuses the live session', async () => {
    const phone = fakePhone({ chains: [31337] });
    const connector = walletConnectConnector(CONFIG, async () => phone.library);
    const connecting = connector.connect(31337);
    const prompt = await shownPrompt();
    expect(prompt.prompt).toMatchObject({ kind: 'pair', uri: expect.stringMatching(/^wc:/) });
    phone.approve();
    expect(await connecting).toEqual([phone.key.address]);
    expect(walletConnectPrompts.get()).toBeNull();
    expect(phone.proposed).toEqual([
      expect.objectContaining({ eip155: expect.objectContaining({ chains: ['eip155:31337'] }) }),
    ]);

    expect(await walletConnectConnector(CONFIG, async () => phone.library).connect(31337)).toEqual([
      phone.key.address,
    ]);
    expect(phone.proposed).toHaveLength(1);
  });

  it('names a phone without an account on the chain a network mismatch', async () => {
    const phone = fakePhone({ chains: [1] });
    const connecting = walletConnectConnector(CONFIG, async () => phone.library).connect(31337);
    await shownPrompt();
    phone.approve();
    await expect(connecting).rejects.toMatchObject({ code: 'network_mismatch' });
  });

  it('closing the pairing dialog is a refusal', async () => {
    const phone = fakePhone({});
    const connecting = walletConnectConnector(CONFIG, async () => phone.library).connect();
    (await shownPrompt()).cancel();
    await expect(connecting).rejects.toMatchObject({ code: 'wallet_user_reject' });
    expect(walletConnectPrompts.get()).toBeNull();
  });

  it('asks personal_sign and typed data with the dialog up, and checks each signature', async () => {
    const phone = fakePhone({ chains: [1, 31337] });
    const connector = walletConnectConnector(CONFIG, async () => phone.library);
    const connecting = connector.connect();
    await shownPrompt();
    phone.approve();
    const [account] = await connecting;

    const signature = await connector.signMessage(account!, 'Verify Keystead signer');
    expect(shown.at(-1)).toEqual({ kind: 'request', action: 'message', wallet: 'Phone Wallet', account });
    expect(await phone.key.signMessage({ message: 'Verify Keystead signer' })).toBe(signature);
    expect(hexToString(phone.sent[0]!.request.params[0] as Hex)).toBe('Verify Keystead signer');

    expect(await connector.signTypedData(account!, TYPED)).toBe(
      await phone.key.signTypedData(TYPED as never),
    );
    expect(phone.sent[1]).toMatchObject({
      chainId: 'eip155:31337',
      request: { method: 'eth_signTypedData_v4' },
    });
  });

  it('refuses a signature by another key, a rejection and a reply that is no signature', async () => {
    const impostor = privateKeyToAccount(generatePrivateKey());
    let answer: (request: SessionRequest) => Promise<unknown> = ({ request }) =>
      impostor.signMessage({ message: { raw: request.params[0] as Hex } });
    const phone = fakePhone({ answer: (request) => answer(request) });
    const connector = walletConnectConnector(CONFIG, async () => phone.library);
    const connecting = connector.connect();
    await shownPrompt();
    phone.approve();
    const [account] = await connecting;

    await expect(connector.signMessage(account!, 'm')).rejects.toMatchObject({ code: 'signer_mismatch' });
    answer = () => Promise.reject({ code: 4001, message: 'User rejected the request.' });
    await expect(connector.signMessage(account!, 'm')).rejects.toMatchObject({ code: 'wallet_user_reject' });
    answer = () => Promise.resolve('0x1234');
    await expect(connector.signMessage(account!, 'm')).rejects.toMatchObject({ code: 'sign_error' });
  });

  it('sends a transaction on the session and ends the session on disconnect', async () => {
    const phone = fakePhone({ chains: [31337] });
    const connector = walletConnectConnector(CONFIG, async () => phone.library);
    const connecting = connector.connect(31337);
    await shownPrompt();
    phone.approve();
    const [from] = await connecting;
    const hash = await connector.sendTransaction(31337, { from: from!, to: from!, value: '5' });
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    expect(phone.sent[0]!.request).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from, to: from, value: '0x5' }],
    });
    await expect(connector.sendTransaction(1, { from: from!, to: from! })).rejects.toMatchObject({
      code: 'network_mismatch',
    });
    await connector.disconnect!();
    expect(phone.sessions).toHaveLength(0);
    expect(connector.accounts).toEqual([]);
    await expect(connector.signMessage(from!, 'm')).rejects.toMatchObject({ code: 'wallet_connect_failed' });
  });
});
