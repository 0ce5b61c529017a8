import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { DevnetSendReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '../api-client';
import { toWalletError } from './errors';
import { WalletError, type Address, type Hex, type WalletConnector } from './types';

/**
 * The publicly known Hardhat test keys (mnemonic "test test … junk"), accounts 1–9. Account 0 is
 * the devnet faucet's. They only ever hold devnet coins: never use them anywhere else.
 */
const DEVNET_TEST_KEYS: Hex[] = [
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
];

/**
 * The devnet signer (DESIGN: "for a newcomer on the devnet"): the devnet's test accounts 1–9.
 * Messages, typed data and transactions to relay are signed here in the page; transactions it sends go through the server's
 * dev-only relay (POST /dev/devnet-send), because the devnet's RPC is not reachable from the
 * browser. Usable only while the chain is the local devnet.
 */
export function devnetConnector(devnetChainId: number | null): WalletConnector {
  let accounts: Address[] = [];
  let keyed: PrivateKeyAccount[] | null = null;
  const all = () => (keyed ??= DEVNET_TEST_KEYS.map((key) => privateKeyToAccount(key)));
  const find = (address: Address) => {
    const index = all().findIndex((account) => account.address.toLowerCase() === address.toLowerCase());
    if (index < 0) throw new WalletError('signer_mismatch');
    return { account: all()[index]!, index: index + 1 };
  };
  const checkChain = (chainId?: number) => {
    if (devnetChainId === null) throw new WalletError('plugin_unavailable');
    if (chainId !== undefined && chainId !== devnetChainId) throw new WalletError('network_mismatch');
  };

  return {
    id: 'devnet',
    name: 'Devnet signer',
    get accounts() {
      return accounts;
    },
    available: () => devnetChainId !== null,
    async connect(chainId) {
      checkChain(chainId);
      accounts = all().map((account) => account.address);
      return accounts;
    },
    async signMessage(address, message) {
      try {
        return await find(address).account.signMessage({ message });
      } catch (error) {
        throw toWalletError(error, 'sign');
      }
    },
    async signTypedData(address, data) {
      try {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- EIP-712 JSON is checked by viem at run time
        return await find(address).account.signTypedData(data as any);
      } catch (error) {
        throw toWalletError(error, 'sign');
      }
    },
    signsOffline: true,
    async signTransaction(chainId, tx) {
      checkChain(chainId);
      const { account } = find(tx.from);
      try {
        return await account.signTransaction({
          type: 'eip1559',
          chainId,
          to: tx.to,
          data: tx.data,
          value: BigInt(tx.value),
          nonce: tx.nonce,
          gas: BigInt(tx.gas),
          maxFeePerGas: BigInt(tx.maxFeePerGas),
          maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
        });
      } catch (error) {
        throw toWalletError(error, 'sign');
      }
    },
    async sendTransaction(chainId, tx) {
      checkChain(chainId);
      const { index } = find(tx.from);
      try {
        const reply = await api.post<DevnetSendReply>(`${V1}/dev/devnet-send`, {
          from_index: index,
          to: tx.to,
          data: tx.data ?? '0x',
          ...(tx.value && tx.value !== '0' ? { value: tx.value } : {}),
        });
        return reply.tx_hash;
      } catch (error) {
        throw toWalletError(error, 'send');
      }
    },
  };
}
