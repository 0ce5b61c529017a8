import type { BalanceSheet, ChainInfo, TokenRef } from '@keystead/chains';

/**
 * What the wallet module needs from an EVM chain. The EVM adapter of @keystead/chains provides
 * it; naming it here keeps the module's dependency narrow and visible.
 */
export interface SafeOwnersAndThreshold {
  owners: string[];
  threshold: number | bigint;
}

export interface EvmWalletChain {
  readonly info: ChainInfo;
  isValidAddress(address: string): boolean;
  normalizeAddress(address: string): string;
  isContract(address: string): Promise<boolean>;
  buildSafeDeployment(input: { owners: string[]; threshold: number; saltNonce: bigint }): Promise<{ to: string; data: string; predictedAddress: string }>;
  readSafe(address: string): Promise<SafeOwnersAndThreshold | null>;
  getBalances(holders: string[], tokens: TokenRef[]): Promise<BalanceSheet>;
  readToken(contract: string): Promise<{ symbol: string; decimals: number; name: string }>;
  verifyMessage(address: string, message: string, signature: string): Promise<boolean>;
}
