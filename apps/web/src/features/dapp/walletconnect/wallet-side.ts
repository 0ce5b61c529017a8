import { Core } from '@walletconnect/core';
import { WalletKit, type IWalletKit, type WalletKitTypes } from '@reown/walletkit';
import { buildApprovedNamespaces, getSdkError, parseUri } from '@walletconnect/utils';
import { SESSION_EVENTS, SESSION_METHODS } from './wc-requests';

/**
 * The page's WalletConnect wallet (loaded with the first use: the libraries are large). The
 * storage prefix keeps its Core apart from the signer connector's: two Cores with one prefix
 * share one global and each answers the other's messages.
 */
export type Kit = IWalletKit;
export type Proposal = WalletKitTypes.SessionProposal;
export type SessionRequest = WalletKitTypes.SessionRequest;

let kit: Promise<Kit> | null = null;

export function walletKit(config: { project_id: string; relay_url: string }): Promise<Kit> {
  kit ??= (async () => {
    const core = new Core({
      projectId: config.project_id,
      relayUrl: config.relay_url,
      customStoragePrefix: 'keystead-dapps',
      telemetryEnabled: false,
    });
    return WalletKit.init({
      core,
      metadata: {
        name: 'Keystead',
        description: 'Multi-signature custody: a Safe of your space',
        url: window.location.origin,
        icons: [],
      },
    });
  })();
  // A failed start (relay unreachable) is tried again next time.
  kit.catch(() => (kit = null));
  return kit;
}

/** A pairing link as WalletConnect v2 writes it (`wc:topic@2?symKey=…`), or null. */
export function isPairingUri(input: string): boolean {
  try {
    const uri = parseUri(input.trim());
    return uri.version === 2 && /^[0-9a-f]{64}$/.test(uri.topic) && /^[0-9a-f]{64}$/.test(uri.symKey);
  } catch {
    return false;
  }
}

/**
 * The session a Safe offers: its one account on its chain, the methods wc-requests answers.
 * Throws when the Dapp requires another chain or a method the Safe lacks (the Dapp is told why).
 */
export function safeNamespaces(proposal: Proposal['params'], safe: { chainId: number; address: string }) {
  const chain = `eip155:${safe.chainId}`;
  return buildApprovedNamespaces({
    proposal,
    supportedNamespaces: {
      eip155: {
        chains: [chain],
        methods: SESSION_METHODS,
        events: SESSION_EVENTS,
        accounts: [`${chain}:${safe.address}`],
      },
    },
  });
}

export const rejection = () => getSdkError('USER_REJECTED');
export const unsupportedChains = () => getSdkError('UNSUPPORTED_CHAINS');
export const userDisconnected = () => getSdkError('USER_DISCONNECTED');
