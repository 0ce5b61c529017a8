import type { BitcoinAdapter } from './bitcoin/adapter';
import { createBitcoinFamily } from './bitcoin/family';
import type { EvmAdapter } from './evm/adapter';
import { createEvmFamily } from './evm/family';
import type { FamilyAdapter } from './family';
import type { SolanaAdapter } from './solana/adapter';
import { createSolanaFamily } from './solana/family';
import type { TronAdapter } from './tron/adapter';
import { createTronFamily } from './tron/family';
import type { XrplAdapter } from './xrp/adapter';
import { createXrpFamily } from './xrp/family';
import type { ChainAdapter, ChainFamily } from './types';

/**
 * The family table: how a chain's adapter becomes the lifecycle's family adapter. Adding a
 * family is its folder under src/, one line here, and its wizard steps in the web.
 */
const FAMILIES: Partial<Record<ChainFamily, (chain: ChainAdapter) => FamilyAdapter>> = {
  EVM: (chain) => createEvmFamily(chain as EvmAdapter),
  BTC: (chain) => createBitcoinFamily(chain as BitcoinAdapter),
  TRX: (chain) => createTronFamily(chain as TronAdapter),
  XRP: (chain) => createXrpFamily(chain as XrplAdapter),
  SOL: (chain) => createSolanaFamily(chain as SolanaAdapter),
};

/** The family adapter over a chain adapter, or null when the family has none yet. */
export function familyAdapter(chain: ChainAdapter): FamilyAdapter | null {
  return FAMILIES[chain.info.family]?.(chain) ?? null;
}
