import path from 'node:path';
import { startEvmDevnet, startLitecoinRegtest } from '@keystead/devnet';
import type { AppConfig } from './config';
import type { ChainEndpoint, DevnetFaucet, EvmChainEndpoint } from './modules/chains/chain-registry';
import { devnetFaucetFor } from './modules/chains/devnet-faucet';
import { enableRegtestReplacement } from './modules/chains/regtest-settings';

export interface LocalChains {
  endpoints: ChainEndpoint[];
  /** The devnet's faucet (development mode only). */
  faucet: DevnetFaucet | null;
  stop(): Promise<void>;
}

/**
 * The embedded chains of the default run (DEVNET on): the EVM devnet (unless EVM_RPC_URL_31337
 * points elsewhere) and Litecoin regtest when litecoind is installed. Their state lives in DATA_DIR
 * beside the embedded database, so both survive a restart together.
 */
export async function startLocalChains(config: AppConfig): Promise<LocalChains> {
  const devnetDir = path.join(config.dataDir, 'devnet');
  const wantEvm = !config.evmRpcUrls.some((setting) => setting.chainId === 31337);
  // LTC_RPC_URL names a Litecoin mainnet node (chain "ltc"); regtest is always the local node.
  enableRegtestReplacement(devnetDir);
  const [evm, litecoin] = await Promise.all([
    wantEvm ? startEvmDevnet({ dataDir: devnetDir, port: config.DEVNET_PORT }) : null,
    startLitecoinRegtest({ dataDir: devnetDir }),
  ]);
  const endpoints: ChainEndpoint[] = [];
  let faucet: DevnetFaucet | null = null;
  if (evm) {
    const endpoint: EvmChainEndpoint = {
      family: 'EVM',
      chainId: evm.chainId,
      name: 'Devnet (Hardhat)',
      rpcUrl: evm.rpcUrl,
      isDevnet: true,
      contracts: { ...evm.contracts },
    };
    endpoints.push(endpoint);
    if (!config.isProduction) faucet = devnetFaucetFor(endpoint);
  }
  if (litecoin) {
    endpoints.push({
      family: 'BTC',
      chainId: 'ltc-regtest',
      name: 'Litecoin regtest',
      rpcUrl: litecoin.rpcUrl,
      rpcUser: litecoin.rpcUser,
      rpcPassword: litecoin.rpcPassword,
      isDevnet: true,
    });
  }
  return {
    endpoints,
    faucet,
    async stop() {
      await Promise.all([evm?.stop(), litecoin?.stop()].map((p) => p?.catch(() => undefined)));
    },
  };
}
