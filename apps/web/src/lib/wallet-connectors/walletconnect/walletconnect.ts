import { checkedMessageSignature, checkedTypedSignature } from '../signed-by';
import { typedDataHashes } from '../typed-data-hashes';
import { WalletError, type Address, type Hex, type WalletConnector } from '../types';
import type { Client, Session, WalletConnectConfig } from './sign-client';
import { whilePrompting, type WalletConnectPrompt } from './wc-prompt';
import {
  chainsOf,
  personalSignRequest,
  pickSession,
  proposalNamespaces,
  sendTransactionRequest,
  sessionAddresses,
  typedDataChain,
  typedDataRequest,
  walletConnectError,
  type SessionRequest,
  type WalletConnectAction,
} from './wc-requests';

export type { WalletConnectConfig };

/** WalletConnect's libraries load with the first use, not with the page. */
const library = () => import('./sign-client');

/** What the connector uses of sign-client.ts (unit tests stand in a phone for it). */
export type SignClientLibrary = Pick<
  Awaited<ReturnType<typeof library>>,
  'signClient' | 'liveSessions' | 'propose' | 'sendRequest' | 'endSession'
>;

/**
 * A signer's phone wallet (MetaMask mobile, Rainbow, Trust…) over WalletConnect v2, the page
 * being the dapp: connect shows a pairing QR code (or reuses a live session), each signature is
 * confirmed on the phone while the page says so, and every signature is recovered here and
 * compared with the account before it is used: a wallet that signs with another key is a
 * signer mismatch. It sends transactions too (eth_sendTransaction), but cannot sign one offline.
 */
export function walletConnectConnector(
  config: WalletConnectConfig,
  load: () => Promise<SignClientLibrary> = library,
): WalletConnector {
  let accounts: Address[] = [];
  /** The session of the last connect, ended by disconnect. */
  let connected: Session | undefined;

  const start = async (): Promise<{ client: Client; lib: SignClientLibrary }> => {
    try {
      const lib = await load();
      return { client: await lib.signClient(config), lib };
    } catch (error) {
      throw new WalletError('wallet_connect_failed', String(error));
    }
  };

  /** Asks the phone (with the waiting dialog up) and maps its refusal or silence. */
  const ask = async <T>(
    action: WalletConnectAction,
    prompt: WalletConnectPrompt & { kind: 'request' },
    session: Session,
    request: SessionRequest,
  ): Promise<T> => {
    const { client, lib } = await start();
    try {
      return await whilePrompting(prompt, lib.sendRequest<T>(client, session, request));
    } catch (error) {
      throw walletConnectError(error, action);
    }
  };

  /** The live session holding `address` (on `chainId` when given); none → connect again. */
  const sessionOf = async (address: Address, chainId?: number): Promise<Session> => {
    const { client, lib } = await start();
    const session = pickSession(lib.liveSessions(client), { address, chainId });
    if (session) return session;
    const elsewhere = pickSession(lib.liveSessions(client), { address });
    if (elsewhere)
      throw new WalletError('network_mismatch', `${address} is not connected on chain ${chainId}`);
    throw new WalletError('wallet_connect_failed', 'the WalletConnect session ended: connect again');
  };

  /** A reply that is no signature at all is a failed signing, like one from another key. */
  const verified = async (check: () => Promise<Hex>): Promise<Hex> => {
    try {
      return await check();
    } catch (error) {
      throw error instanceof WalletError ? error : new WalletError('sign_error', String(error));
    }
  };

  const requestPrompt = (
    session: Session,
    account: Address,
    action: 'message' | 'typedData' | 'transaction',
  ): WalletConnectPrompt & { kind: 'request' } => ({
    kind: 'request',
    action,
    wallet: session.peer.metadata.name,
    account,
  });

  return {
    id: 'walletconnect',
    name: 'WalletConnect',
    get accounts() {
      return accounts;
    },
    available: () => true,
    async connect(chainId) {
      const { client, lib } = await start();
      let session = pickSession(lib.liveSessions(client), { chainId });
      if (!session) {
        try {
          const { uri, approval } = await lib.propose(client, proposalNamespaces(chainId));
          session = await whilePrompting({ kind: 'pair', uri }, approval);
        } catch (error) {
          throw walletConnectError(error, 'connect');
        }
      }
      const list = sessionAddresses(session, chainId);
      // The phone approved, but offers no account on the chain asked for.
      if (!list.length) throw new WalletError('network_mismatch', `no account on chain ${chainId}`);
      connected = session;
      accounts = list;
      return list;
    },
    async disconnect() {
      const session = connected;
      connected = undefined;
      accounts = [];
      if (!session) return;
      const { client, lib } = await start();
      // The phone may have ended it already: the page forgets it either way.
      await lib.endSession(client, session).catch(() => undefined);
    },
    async signMessage(address, message) {
      const session = await sessionOf(address);
      const chainId = chainsOf(session, address)[0]!;
      const signature = await ask<Hex>(
        'sign',
        requestPrompt(session, address, 'message'),
        session,
        personalSignRequest(chainId, address, message),
      );
      return verified(() => checkedMessageSignature(address, message, signature));
    },
    async signTypedData(address, data) {
      const session = await sessionOf(address);
      const chainId = typedDataChain(session, address, data);
      const signature = await ask<Hex>(
        'sign',
        requestPrompt(session, address, 'typedData'),
        session,
        typedDataRequest(chainId, address, data),
      );
      return verified(() => checkedTypedSignature(address, typedDataHashes(data).digest, signature));
    },
    signsOffline: false,
    async signTransaction() {
      // A WalletConnect wallet signs only while sending (eth_signTransaction is not offered).
      throw new WalletError(
        'sign_error',
        'A WalletConnect wallet cannot sign a transaction without sending it.',
      );
    },
    async sendTransaction(chainId, tx) {
      const session = await sessionOf(tx.from, chainId);
      const hash = await ask<Hex>(
        'send',
        requestPrompt(session, tx.from, 'transaction'),
        session,
        sendTransactionRequest(chainId, tx),
      );
      if (!/^0x[0-9a-fA-F]{64}$/.test(String(hash)))
        throw new WalletError('broadcast_failed', `not a transaction hash: ${String(hash)}`);
      return hash;
    },
  };
}
