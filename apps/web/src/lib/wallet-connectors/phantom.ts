import { base58Encode } from '../solana-address';
import { toWalletError } from './errors';
import { WalletError } from './types';

/** The part of a Phantom-compatible injected provider (`window.solana`) the app uses. */
interface InjectedSolana {
  publicKey?: { toString(): string } | null;
  connect(): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array }>;
  signTransaction<T>(transaction: T): Promise<T>;
}

declare global {
  interface Window {
    solana?: InjectedSolana;
  }
}

const provider = (): InjectedSolana => {
  const injected = typeof window === 'undefined' ? undefined : window.solana;
  if (!injected) throw new WalletError('plugin_unavailable');
  return injected;
};

/**
 * A Solana browser wallet injecting `window.solana` (Phantom, and wallets copying its API): its
 * account, ed25519 signatures of messages (base58, as the server checks them) and approval
 * transactions signed without sending — the space's fee payer sends them.
 */
export const solanaWallet = {
  available: () => typeof window !== 'undefined' && Boolean(window.solana),

  /** Asks for access and resolves the account the wallet shows now. */
  async connect(): Promise<string> {
    try {
      const { publicKey } = await provider().connect();
      return publicKey.toString();
    } catch (error) {
      throw toWalletError(error, 'connect');
    }
  },

  /** The message's UTF-8 bytes signed by the connected account; base58 of the 64-byte signature. */
  async signMessage(message: string): Promise<string> {
    try {
      const { signature } = await provider().signMessage(new TextEncoder().encode(message), 'utf8');
      return base58Encode(signature);
    } catch (error) {
      throw toWalletError(error, 'sign');
    }
  },

  /**
   * An unsigned VersionedTransaction (base64) signed by the connected account; the signed
   * transaction, base64. web3.js is loaded only when someone signs.
   */
  async signTransaction(base64: string): Promise<string> {
    const { VersionedTransaction } = await import('@solana/web3.js');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    try {
      // Phantom signs only for a connected site; connecting again is a no-op once allowed.
      if (!provider().publicKey) await provider().connect();
      const signed = await provider().signTransaction(VersionedTransaction.deserialize(bytes));
      let binary = '';
      for (const byte of signed.serialize()) binary += String.fromCharCode(byte);
      return btoa(binary);
    } catch (error) {
      throw toWalletError(error, 'sign');
    }
  },
};
