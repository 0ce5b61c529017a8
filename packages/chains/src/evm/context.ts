import type { Address, Chain, PublicClient, Transport } from 'viem';
import type { ChainInfo } from '../types';

/** Contract addresses the EVM adapter relies on. */
export interface EvmContracts {
  safeSingleton: Address;
  safeL2Singleton?: Address;
  safeProxyFactory: Address;
  compatibilityFallbackHandler: Address;
  multiSendCallOnly: Address;
  multicall3: Address;
}

/**
 * Safe v1.4.1 (safe-deployments, canonical on every chain of the table) and Multicall3
 * (0xcA11…CA11, deployed on every chain of the table). The devnet places all of them at the
 * same addresses.
 */
export const CANONICAL_EVM_CONTRACTS: Readonly<Required<EvmContracts>> = Object.freeze({
  safeSingleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeL2Singleton: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
});

/** What the parts of the adapter share. */
export interface EvmContext {
  info: ChainInfo;
  chainId: number;
  client: PublicClient<Transport, Chain>;
  contracts: EvmContracts;
}
