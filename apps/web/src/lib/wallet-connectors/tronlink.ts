import { toWalletError } from './errors';
import { WalletError } from './types';

/** The part of TronLink's injected tronWeb the app uses. */
interface InjectedTronWeb {
  defaultAddress?: { base58?: string | false };
  trx: {
    signMessageV2(message: string): Promise<string>;
    sign(transaction: object): Promise<object>;
    multiSign?(transaction: object, privateKey?: string, permissionId?: number): Promise<object>;
  };
}

declare global {
  interface Window {
    tronWeb?: InjectedTronWeb;
    tronLink?: { ready?: boolean; request?(args: { method: string }): Promise<unknown> };
  }
}

/** TronLink refuses with plain strings ("Confirmation declined by user"), not EIP-1193 codes. */
function tronError(error: unknown, action: 'connect' | 'sign'): Error {
  const text = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (/declin|cancel|reject/i.test(text)) return new WalletError('wallet_user_reject', text);
  return toWalletError(error, action);
}

const tronWeb = (): InjectedTronWeb => {
  const injected = typeof window === 'undefined' ? undefined : window.tronWeb;
  if (!injected) throw new WalletError('plugin_unavailable');
  return injected;
};

/**
 * TronLink (or another wallet injecting `window.tronWeb`): its current account, TIP-191 message
 * signatures (signMessageV2) and transactions signed without sending — the platform relays them.
 */
export const tronLink = {
  available: () => typeof window !== 'undefined' && Boolean(window.tronWeb || window.tronLink),

  /** Asks for access (TronLink's tron_requestAccounts) and resolves the account it shows now. */
  async connect(): Promise<string> {
    try {
      await window.tronLink?.request?.({ method: 'tron_requestAccounts' });
      const account = tronWeb().defaultAddress?.base58;
      if (!account) throw new WalletError('wallet_locked');
      return account;
    } catch (error) {
      throw tronError(error, 'connect');
    }
  },

  async signMessage(message: string): Promise<string> {
    try {
      return await tronWeb().trx.signMessageV2(message);
    } catch (error) {
      throw tronError(error, 'sign');
    }
  },

  /**
   * Signs a transaction JSON and resolves it with the signature appended (JSON). A permission id
   * (a multisig transfer's active permission) signs with multiSign, as TronLink expects.
   */
  async signTransaction(transaction: string, permissionId?: number): Promise<string> {
    try {
      const trx = tronWeb().trx;
      const unsigned = JSON.parse(transaction) as object;
      const signed =
        permissionId && trx.multiSign
          ? await trx.multiSign(unsigned, undefined, permissionId)
          : await trx.sign(unsigned);
      return JSON.stringify(signed);
    } catch (error) {
      throw tronError(error, 'sign');
    }
  },
};
