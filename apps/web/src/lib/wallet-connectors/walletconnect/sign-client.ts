import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes } from '@walletconnect/types';
import { getSdkError } from '@walletconnect/utils';
import type { SessionRequest } from './wc-requests';

/**
 * WalletConnect's dapp-side client (the page as the dapp, a signer's phone wallet answering).
 * This module is imported on the first use of the connector: the libraries are large.
 */
export type Client = InstanceType<typeof SignClient>;
export type Session = SessionTypes.Struct;

export interface WalletConnectConfig {
  project_id: string;
  relay_url: string;
}

/**
 * The storage prefix keeps this Core apart from the /dapp page's wallet-side Core: two Cores
 * with one prefix share one global and each answers the other's messages.
 */
const STORAGE_PREFIX = 'keystead-signers';

let started: { key: string; client: Promise<Client> } | null = null;

/** One client per page and relay; sessions kept in the browser's storage outlive a reload. */
export function signClient(config: WalletConnectConfig): Promise<Client> {
  const key = `${config.project_id}@${config.relay_url}`;
  if (started?.key === key) return started.client;
  const client = SignClient.init({
    projectId: config.project_id,
    relayUrl: config.relay_url,
    customStoragePrefix: STORAGE_PREFIX,
    telemetryEnabled: false,
    logger: 'error',
    metadata: {
      name: 'Keystead',
      description: 'Multi-signature custody for teams: sign as a Safe signer',
      url: window.location.origin,
      icons: [],
    },
  });
  started = { key, client };
  // A failed start (relay unreachable) is tried again on the next use.
  client.catch(() => {
    if (started?.client === client) started = null;
  });
  return client;
}

export const liveSessions = (client: Client): Session[] => client.session.getAll();

/** A proposal: the pairing link to show, and the session once the phone approves it. */
export async function propose(
  client: Client,
  optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>,
): Promise<{ uri: string; approval: Promise<Session> }> {
  const { uri, approval } = await client.connect({ optionalNamespaces });
  if (!uri) throw new Error('WalletConnect gave no pairing link');
  return { uri, approval: approval() };
}

export const sendRequest = <T>(client: Client, session: Session, request: SessionRequest): Promise<T> =>
  client.request<T>({ topic: session.topic, ...request });

/** Ends the session on both sides (the phone hears "user disconnected"). */
export async function endSession(client: Client, session: Session): Promise<void> {
  await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
}
