import { createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { fundFromFaucet, hardhatAccounts } from '@keystead/devnet';
import type { DevnetFaucet, EvmChainEndpoint } from './chain-registry';

/**
 * The devnet's dev tools (development mode only): the faucet pays from test account 0; the
 * devnet signer sends from accounts 1–18 (19 takes subscription payments). Their keys are the publicly known Hardhat keys, which
 * is exactly why this exists only for the local devnet.
 */
export function devnetFaucetFor(endpoint: EvmChainEndpoint): DevnetFaucet {
  const accounts = hardhatAccounts(19);
  const contracts = endpoint.contracts as unknown as Parameters<typeof fundFromFaucet>[0]['contracts'];
  return {
    chainKey: String(endpoint.chainId),
    fund: (address, amounts) =>
      fundFromFaucet(
        { rpcUrl: endpoint.rpcUrl, contracts, accounts: accounts.slice(0, 1) },
        address as Hex,
        amounts,
      ),
    async send(fromIndex, tx) {
      const account = privateKeyToAccount(accounts[fromIndex]!.privateKey as Hex);
      const wallet = createWalletClient({ chain: hardhat, transport: http(endpoint.rpcUrl), account });
      return wallet.sendTransaction({ to: tx.to as Hex, data: tx.data as Hex, value: tx.value ?? 0n });
    },
  };
}
