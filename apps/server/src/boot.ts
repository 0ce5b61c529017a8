import path from 'node:path';
import { buildApp, type AppInstance } from './app';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, type DatabaseHandle } from './db/database';
import {
  solanaEndpoints,
  tronEndpoints,
  utxoEndpoints,
  xrplEndpoints,
} from './modules/chains/utxo-endpoints';
import { migrate } from './db/migrate';
import { startMailSender } from './jobs/mail-sender';
import { startWalletJobs } from './jobs/wallet-jobs';
import { createRateCounter } from './lib/rate-counter';
import { ChainRegistry, type ChainEndpoint } from './modules/chains/chain-registry';
import { startLocalChains, type LocalChains } from './local-chains';

export interface RunningServer {
  app: AppInstance;
  ctx: AppContext;
  url: string;
  stop(): Promise<void>;
}

export function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  return openDatabase({
    ...(config.DATABASE_URL ? { url: config.DATABASE_URL } : {}),
    ...(config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {}),
    pgliteDir: path.join(config.dataDir, 'db'),
  });
}

/** Opens the database, applies migrations, starts local chains when needed, then listens. */
export async function startServer(
  config: AppConfig,
  /** Chains already starting (main.ts starts them before loading the app's code). */
  chainsStarting?: Promise<LocalChains | null>,
): Promise<RunningServer> {
  // The database and the local chains start side by side: neither needs the other.
  const [database, localChains] = await Promise.all([
    openConfiguredDatabase(config).then(async (handle) => {
      await migrate(handle);
      return handle;
    }),
    chainsStarting ?? (config.DEVNET ? startLocalChains(config) : Promise.resolve<LocalChains | null>(null)),
  ]);
  const endpoints: ChainEndpoint[] = [
    ...(localChains?.endpoints ?? []),
    ...config.evmRpcUrls.map((setting): ChainEndpoint => ({
      family: 'EVM',
      chainId: setting.chainId,
      name: `EVM ${setting.chainId}`,
      rpcUrl: setting.rpcUrl,
      isDevnet: false,
      contracts: {},
    })),
    ...utxoEndpoints(config),
    ...tronEndpoints(config),
    ...xrplEndpoints(config),
    ...solanaEndpoints(config),
  ];
  const rates = createRateCounter(config.REDIS_URL, config.DATABASE_SCHEMA ?? '');
  const { app, ctx } = await buildApp({
    config,
    database,
    chains: new ChainRegistry(endpoints, localChains?.faucet ?? null),
    rates,
  });
  const stopMail = startMailSender(ctx);
  const stopWalletJobs = startWalletJobs(ctx);
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  return {
    app,
    ctx,
    url,
    async stop() {
      stopMail();
      // Runs under way finish before the database closes under them.
      await stopWalletJobs();
      await app.close();
      await rates.close();
      await database.close();
      await localChains?.stop();
    },
  };
}
