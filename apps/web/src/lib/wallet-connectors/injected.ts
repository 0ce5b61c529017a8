import { createClient, custom, numberToHex, stringToHex, type EIP1193Provider } from 'viem';
import { toWalletError } from './errors';
import {
  WalletError,
  type Address,
  type Hex,
  type TransactionRequest,
  type TypedDataRequest,
  type WalletConnector,
} from './types';

declare global {
  interface Window {
    ethereum?: EIP1193Provider & {
      isMetaMask?: boolean;
      isRabby?: boolean;
      isOneKey?: boolean;
      providers?: unknown[];
    };
  }
}

function providerName(provider: NonNullable<Window['ethereum']>): string {
  if (provider.isRabby) return 'Rabby';
  if (provider.isOneKey) return 'OneKey';
  if (provider.isMetaMask) return 'MetaMask';
  return 'Browser wallet';
}

/**
 * The EIP-1193 provider a browser extension injects as window.ethereum (MetaMask, Rabby,
 * OneKey…), reached through viem's `custom` transport.
 */
export function injectedConnector(): WalletConnector {
  let accounts: Address[] = [];
  const provider = () => {
    const injected = typeof window === 'undefined' ? undefined : window.ethereum;
    if (!injected) throw new WalletError('plugin_unavailable');
    return injected;
  };
  const client = () => createClient({ transport: custom(provider(), { retryCount: 0 }) });

  async function ensureChain(chainId: number): Promise<void> {
    const current = Number(await client().request({ method: 'eth_chainId' }));
    if (current === chainId) return;
    try {
      await client().request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: numberToHex(chainId) }],
      });
    } catch (error) {
      const mapped = toWalletError(error, 'connect');
      // A refusal stays a refusal; an unknown chain (4902) or a wallet that cannot switch is a mismatch.
      throw mapped instanceof WalletError && mapped.code === 'wallet_user_reject'
        ? mapped
        : new WalletError('network_mismatch');
    }
    const after = Number(await client().request({ method: 'eth_chainId' }));
    if (after !== chainId) throw new WalletError('network_mismatch');
  }

  return {
    id: 'injected',
    get name() {
      const injected = typeof window === 'undefined' ? undefined : window.ethereum;
      return injected ? providerName(injected) : 'Browser wallet';
    },
    get accounts() {
      return accounts;
    },
    available: () => typeof window !== 'undefined' && Boolean(window.ethereum),
    async connect(chainId) {
      try {
        const list = (await client().request({ method: 'eth_requestAccounts' })) as Address[];
        if (!list.length) throw new WalletError('wallet_locked');
        if (chainId !== undefined) await ensureChain(chainId);
        accounts = list;
        return list;
      } catch (error) {
        throw toWalletError(error, 'connect');
      }
    },
    async signMessage(account, message) {
      try {
        return (await client().request({
          method: 'personal_sign',
          params: [stringToHex(message), account],
        })) as Hex;
      } catch (error) {
        throw toWalletError(error, 'sign');
      }
    },
    async signTypedData(account, data: TypedDataRequest) {
      try {
        return (await client().request({
          method: 'eth_signTypedData_v4',
          params: [account, JSON.stringify(data)],
        })) as Hex;
      } catch (error) {
        throw toWalletError(error, 'sign');
      }
    },
    signsOffline: false,
    async signTransaction() {
      // EIP-1193 wallets sign only while sending (eth_signTransaction is disabled in them).
      throw new WalletError('sign_error', 'This wallet cannot sign a transaction without sending it.');
    },
    async sendTransaction(chainId, tx: TransactionRequest) {
      try {
        await ensureChain(chainId);
        const fees = {
          ...(tx.gas ? { gas: numberToHex(BigInt(tx.gas)) } : {}),
          ...(tx.maxFeePerGas ? { maxFeePerGas: numberToHex(BigInt(tx.maxFeePerGas)) } : {}),
          ...(tx.maxPriorityFeePerGas
            ? { maxPriorityFeePerGas: numberToHex(BigInt(tx.maxPriorityFeePerGas)) }
            : {}),
        };
        return (await client().request({
          method: 'eth_sendTransaction',
          params: [
            { from: tx.from, to: tx.to, data: tx.data, value: numberToHex(BigInt(tx.value ?? '0')), ...fees },
          ],
        } as never)) as Hex;
      } catch (error) {
        throw toWalletError(error, 'send');
      }
    },
  };
}
