import { fundFromFaucet, hardhatAccounts } from '@keystead/devnet';
import type { DevnetFaucet, EvmChainEndpoint } from './chain-registry';

/** The faucet of a local devnet: its first well-known test account pays (dev mode only). */
export function devnetFaucetFor(endpoint: EvmChainEndpoint): DevnetFaucet {
  const accounts = hardhatAccounts(1);
  const contracts = endpoint.contracts as unknown as Parameters<typeof fundFromFaucet>[0]['contracts'];
  return {
    chainKey: String(endpoint.chainId),
    fund: (address, amounts) => fundFromFaucet({ rpcUrl: endpoint.rpcUrl, contracts, accounts }, address as `0x${string}`, amounts),
  };
}
