import { inject } from 'vitest';
import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes } from '@walletconnect/types';

/** Keeps a WalletConnect client's state in memory: nothing of a test is written to disk. */
export class MemoryStorage {
  private readonly map = new Map<string, unknown>();
  async getKeys() {
    return [...this.map.keys()];
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.map.entries()] as [string, T][];
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.map.get(key) as T | undefined;
  }
  async setItem<T = unknown>(key: string, value: T) {
    this.map.set(key, value);
  }
  async removeItem(key: string) {
    this.map.delete(key);
  }
}

/** The relay stand-in global-setup started, and what it saw (GET /report). */
export const relay = () => inject('walletconnectRelay');
export async function relayReport(): Promise<{ violations: string[]; methods: Record<string, number> }> {
  const reply = await fetch(`${relay().url.replace(/^ws/, 'http')}/report`);
  return reply.json();
}

/**
 * A Dapp as WalletConnect's own client library runs it (sign-client, the dapp side), on the
 * relay stand-in: it proposes a session and sends EIP-1193 requests to the wallet it pairs with.
 */
export async function walletConnectDapp(name: string) {
  const client = await SignClient.init({
    projectId: relay().projectId,
    relayUrl: relay().url,
    storage: new MemoryStorage(),
    customStoragePrefix: `test-dapp-${name}`,
    telemetryEnabled: false,
    logger: 'error',
    metadata: { name, description: 'A test Dapp', url: 'https://dapp.example', icons: [] },
  });
  return {
    client,
    /** A pairing link and the session it becomes once the wallet approves (rejects if refused). */
    async propose(chains: { required?: string[]; optional?: string[] }) {
      // What a wagmi Dapp asks for by default (eth_sign among them; the Safe does not offer it).
      const methods = [
        'eth_sendTransaction',
        'personal_sign',
        'eth_sign',
        'eth_signTypedData_v4',
        'eth_chainId',
        'eth_getBalance',
        'eth_getTransactionReceipt',
      ];
      const events = ['chainChanged', 'accountsChanged'];
      const { uri, approval } = await client.connect({
        ...(chains.required
          ? { requiredNamespaces: { eip155: { chains: chains.required, methods, events } } }
          : {}),
        ...(chains.optional
          ? { optionalNamespaces: { eip155: { chains: chains.optional, methods, events } } }
          : {}),
      });
      // Listened for now: the session may settle before the test asks for it.
      const settled = (approval as () => Promise<SessionTypes.Struct>)();
      settled.catch(() => undefined);
      return { uri: uri!, session: settled };
    },
    /** An EIP-1193 request to the wallet; unanswered in 60 s it fails (the relay lost it). */
    request<T>(session: SessionTypes.Struct, method: string, params: unknown[]): Promise<T> {
      const sent = client.request<T>({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method, params },
      });
      let timer: NodeJS.Timeout | undefined;
      const unanswered = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${method}: no answer from the wallet in 60 s`)), 60_000);
      });
      return Promise.race([sent, unanswered]).finally(() => clearTimeout(timer));
    },
    close: () => client.core.relayer.transportClose(),
  };
}
