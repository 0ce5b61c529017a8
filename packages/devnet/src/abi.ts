import { devnetMulticall3Abi } from './artifacts/devnet-multicall3-abi';
import { devnetUsdtAbi } from './artifacts/devnet-usdt-abi';
import { moduleProxyFactoryAbi } from './artifacts/module-proxy-factory-abi';
import { recoveryDelayAbi } from './artifacts/recovery-delay-abi';

/** Typed ABIs of the devnet's own contracts (Safe ABIs: see safeArtifact()). */
export const devnetAbi = {
  /** The 6-decimal USDT stand-in: ERC-20 plus an open mint(address,uint256). */
  usdt: devnetUsdtAbi,
  /** What sits at the canonical Multicall3 address: the Multicall3 interface. */
  multicall3: devnetMulticall3Abi,
  /** Zodiac's ModuleProxyFactory: deployModule(mastercopy, initializer, saltNonce). */
  moduleProxyFactory: moduleProxyFactoryAbi,
  /** The RecoveryDelay modifier: the Zodiac Delay interface (queue, cooldown, veto by nonce). */
  recoveryDelay: recoveryDelayAbi,
} as const;

export const USDT_DECIMALS = 6;
