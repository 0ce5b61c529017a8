import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle, Db } from './db/database';
import type { RateCounter } from './lib/rate-counter';
import type { ChainRegistry } from './modules/chains/chain-registry';

/** What every module gets: configuration and the shared resources opened at boot. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Db;
  log: FastifyBaseLogger;
  rates: RateCounter;
  chains: ChainRegistry;
}
