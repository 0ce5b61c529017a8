import { createRequire } from 'node:module';
import type { Address, Hex } from '../types';

const require = createRequire(import.meta.url);

interface Artifact {
  contractName: string;
  abi: unknown[];
  bytecode: Hex;
  deployedBytecode: Hex;
}

// The published build artifacts of @safe-global/safe-contracts@1.4.1: deploying exactly these
// bytes through the singleton factory with salt 0 yields the canonical v1.4.1 addresses.
const ARTIFACT_PATHS = {
  safeSingleton: 'Safe.sol/Safe.json',
  safeL2Singleton: 'SafeL2.sol/SafeL2.json',
  safeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
  compatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
} as const;

export type SafeContractName = keyof typeof ARTIFACT_PATHS;
export const SAFE_CONTRACT_NAMES = Object.keys(ARTIFACT_PATHS) as SafeContractName[];

export function safeArtifact(name: SafeContractName): Artifact {
  return require(`@safe-global/safe-contracts/build/artifacts/contracts/${ARTIFACT_PATHS[name]}`) as Artifact;
}

/** Canonical Safe v1.4.1 addresses as published in safe-deployments (same on every chain). */
export const CANONICAL_SAFE_V141: Record<SafeContractName, Address> = {
  safeSingleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeL2Singleton: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
};

export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

interface SingletonFactoryDeployment {
  gasPrice: number;
  gasLimit: number;
  signerAddress: Address;
  transaction: Hex;
  address: Address;
}

/** The presigned (EIP-155, chain 31337) deployment of the Safe singleton factory. */
export function singletonFactoryDeployment(chainId = 31337): SingletonFactoryDeployment {
  return require(
    `@safe-global/safe-singleton-factory/artifacts/${chainId}/deployment.json`,
  ) as SingletonFactoryDeployment;
}
