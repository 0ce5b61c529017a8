export type Address = `0x${string}`;
export type Hex = `0x${string}`;

/** Addresses of the contracts every devnet has (the Safe ones equal the canonical v1.4.1 addresses). */
export interface DevnetContracts {
  safeSingleton: Address;
  safeL2Singleton: Address;
  safeProxyFactory: Address;
  multiSendCallOnly: Address;
  compatibilityFallbackHandler: Address;
  multicall3: Address;
  usdt: Address;
  /** Zodiac's ModuleProxyFactory (compiled from @gnosis.pm/zodiac's published source). */
  moduleProxyFactory: Address;
  /** The RecoveryDelay mastercopy (a Zodiac-Delay-style modifier); Safes get minimal proxies of it. */
  recoveryDelay: Address;
}

/** One of the well-known Hardhat test accounts (mnemonic "test test … junk"): dev only. */
export interface DevnetAccount {
  address: Address;
  privateKey: Hex;
}

export interface EvmDevnet {
  rpcUrl: string;
  chainId: 31337;
  contracts: DevnetContracts;
  accounts: DevnetAccount[];
  stop(): Promise<void>;
}

export interface StartEvmDevnetOptions {
  /** The app's data directory; the chain lives in `${dataDir}/evm/`. */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Receives the node's log lines (start-up, replay, warnings). */
  log?: (line: string) => void;
}
