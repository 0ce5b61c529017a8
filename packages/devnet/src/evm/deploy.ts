// First-start deployment, done through the journaled provider so a replay repeats it.
// Idempotent: each step checks for code first, so a start interrupted mid-deploy resumes.
import { concat, encodeAbiParameters, getContractAddress, pad, toHex } from 'viem';
import type { Address, DevnetContracts, Hex } from '../types';
import type { JournaledProvider } from './journaled-provider';
// Imported, not read at run time: the compiled server bundles them (no path relative to this file).
import usdtJson from '../artifacts/devnet-usdt.json';
import multicallJson from '../artifacts/devnet-multicall3.json';
import moduleProxyFactoryJson from '../artifacts/module-proxy-factory.json';
import recoveryDelayJson from '../artifacts/recovery-delay.json';
import {
  MULTICALL3_ADDRESS,
  SAFE_CONTRACT_NAMES,
  safeArtifact,
  singletonFactoryDeployment,
} from './safe-artifacts';

const SALT_ZERO = pad('0x', { size: 32 });
const usdtArtifact = usdtJson as { bytecode: Hex };
const multicallArtifact = multicallJson as { deployedBytecode: Hex };
const moduleProxyFactoryInitCode = (moduleProxyFactoryJson as { bytecode: Hex }).bytecode;
/**
 * The RecoveryDelay mastercopy sets itself up in its constructor, as Zodiac mastercopies do, with
 * throwaway values (owner, avatar and target 0x…01, no cooldown, no expiration): nobody can take
 * it over, and the proxies have storage of their own.
 */
const PLACEHOLDER = '0x0000000000000000000000000000000000000001';
const recoveryDelayInitCode = concat([
  (recoveryDelayJson as { bytecode: Hex }).bytecode,
  encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
    [PLACEHOLDER, PLACEHOLDER, PLACEHOLDER, 0n, 0n],
  ),
]);

/** Address a CREATE2 deployment through the Safe singleton factory with salt 0 lands on. */
export function singletonFactoryAddressOf(initCode: Hex): Address {
  const factory = singletonFactoryDeployment().address;
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt: SALT_ZERO, bytecode: initCode });
}

/** The devnet's contract addresses; deterministic, so they are known before deploying. */
export function devnetContractAddresses(): DevnetContracts {
  const safe = Object.fromEntries(
    SAFE_CONTRACT_NAMES.map((name) => [name, singletonFactoryAddressOf(safeArtifact(name).bytecode)]),
  ) as Omit<DevnetContracts, 'multicall3' | 'usdt' | 'moduleProxyFactory' | 'recoveryDelay'>;
  return {
    ...safe,
    multicall3: MULTICALL3_ADDRESS,
    usdt: singletonFactoryAddressOf(usdtArtifact.bytecode),
    moduleProxyFactory: singletonFactoryAddressOf(moduleProxyFactoryInitCode),
    recoveryDelay: singletonFactoryAddressOf(recoveryDelayInitCode),
  };
}

export async function ensureDeployed(
  provider: JournaledProvider,
  log: (line: string) => void,
): Promise<DevnetContracts> {
  const hasCode = async (address: Address) =>
    ((await provider.request('eth_getCode', [address, 'latest'])) as string).length > 2;

  // 1. The Safe singleton factory, from its presigned keyless transaction for chain 31337.
  const factory = singletonFactoryDeployment();
  if (!(await hasCode(factory.address))) {
    const cost = BigInt(factory.gasPrice) * BigInt(factory.gasLimit);
    await provider.request('hardhat_setBalance', [factory.signerAddress, toHex(cost)]);
    await provider.request('eth_sendRawTransaction', [factory.transaction]);
    if (!(await hasCode(factory.address))) throw new Error('Safe singleton factory deployment failed');
    log(`deployed Safe singleton factory at ${factory.address}`);
  }

  // 2. Safe v1.4.1, the USDT stand-in, Zodiac's ModuleProxyFactory and the RecoveryDelay
  //    mastercopy: CREATE2 through the factory with salt 0.
  const [deployer] = (await provider.request('eth_accounts')) as Address[];
  if (!deployer) throw new Error('Hardhat exposes no accounts');
  const contracts = devnetContractAddresses();
  const initCodes: [keyof DevnetContracts, Hex][] = [
    ...SAFE_CONTRACT_NAMES.map((name): [keyof DevnetContracts, Hex] => [name, safeArtifact(name).bytecode]),
    ['usdt', usdtArtifact.bytecode],
    ['moduleProxyFactory', moduleProxyFactoryInitCode],
    ['recoveryDelay', recoveryDelayInitCode],
  ];
  for (const [name, initCode] of initCodes) {
    if (await hasCode(contracts[name])) continue;
    await provider.request('eth_sendTransaction', [
      { from: deployer, to: factory.address, data: concat([SALT_ZERO, initCode]) },
    ]);
    if (!(await hasCode(contracts[name]))) throw new Error(`deployment of ${name} failed`);
    log(`deployed ${name} at ${contracts[name]}`);
  }

  // 3. Multicall3 at its canonical address. No installed package ships its keyless deployment
  //    transaction, so our own Multicall3-compatible build (artifacts/devnet-multicall3.sol) is
  //    placed there with hardhat_setCode: same ABI, not the mainnet bytecode.
  if (!(await hasCode(MULTICALL3_ADDRESS))) {
    await provider.request('hardhat_setCode', [MULTICALL3_ADDRESS, multicallArtifact.deployedBytecode]);
    log(`placed Multicall3-compatible code at ${MULTICALL3_ADDRESS}`);
  }
  return contracts;
}
