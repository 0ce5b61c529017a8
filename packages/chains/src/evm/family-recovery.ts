import { getAddress, type Address, type Hex } from 'viem';
import type { ContractCall, QueuedRecoveryTx, RecoveryOps } from '../family';
import type { EvmContext } from './context';
import type { BatchCall } from './multi-send';
import {
  queuedRecoveries,
  readRecovery,
  recoveryCancelCall,
  recoveryDelayAbi,
  recoveryDelayAddress,
  recoveryDisableCalls,
  recoveryExecuteCall,
  recoveryQueueCall,
  recoverySetupCalls,
  SENTINEL_ADDRESS,
} from './recovery';
import { rethrowTransport } from './rpc';

export interface EvmRecoveryContracts {
  moduleProxyFactory: string;
  delayMastercopy: string;
}

const asCall = (call: BatchCall | { to: Address; data: Hex }): ContractCall => ({
  to: call.to,
  value: 'value' in call ? call.value : 0n,
  data: call.data,
});

/**
 * The family's emergency recovery on an EVM chain with a delay module (modules/recovery calls
 * it): the builders and reads of recovery.ts over this chain's client and contracts.
 */
export function evmRecoveryOps(ctx: EvmContext, contracts: EvmRecoveryContracts): RecoveryOps {
  const { client } = ctx;
  const multicall3 = ctx.contracts.multicall3;
  const read = async <T>(what: string, run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      rethrowTransport(error, what);
      throw error;
    }
  };
  return {
    setup(wallet, params) {
      const delayParams = {
        factory: contracts.moduleProxyFactory,
        mastercopy: contracts.delayMastercopy,
        safe: wallet.address,
        cooldown: BigInt(params.cooldownSeconds),
        expiration: BigInt(params.expirationSeconds),
        saltNonce: params.saltNonce,
      };
      return {
        delay: recoveryDelayAddress(delayParams),
        calls: recoverySetupCalls({ ...delayParams, recoverer: params.recoverer }).map(asCall),
      };
    },
    async read(wallet, delay) {
      const state = await readRecovery(client, { safe: wallet.address, delay, multicall3 });
      return {
        enabled: state.deployed && state.enabled,
        recovererEnabled: state.recoverers.length > 0,
        owners: state.owners,
        threshold: state.threshold,
        txNonce: Number(state.txNonce ?? 0n),
        queueNonce: Number(state.queueNonce ?? 0n),
        cooldownSeconds: Number(state.cooldown ?? 0n),
        expirationSeconds: Number(state.expiration ?? 0n),
        chainTime: Number(state.timestamp),
        blockNumber: state.blockNumber,
      };
    },
    async queued(wallet, delay, fromBlock, fromNonce) {
      const logs = await queuedRecoveries(client, { delay, fromBlock, safe: wallet.address });
      const open = logs.filter((q) => q.queueNonce >= BigInt(fromNonce));
      // The module's own timestamps (its delay runs from them), read at once.
      const created = await read('txCreatedAt', () =>
        client.multicall({
          contracts: open.map((q) => ({
            address: q.delay,
            abi: recoveryDelayAbi,
            functionName: 'txCreatedAt' as const,
            args: [q.queueNonce] as const,
          })),
          allowFailure: false,
          multicallAddress: multicall3,
        }),
      );
      return open.map((q, i): QueuedRecoveryTx => ({
        queueNonce: Number(q.queueNonce),
        txHash: q.txHash,
        to: q.to,
        value: q.value,
        data: q.data,
        operation: q.operation,
        createdAt: Number(created[i]),
        swap: q.swap ? { lostOwner: q.swap.oldOwner, newOwner: q.swap.newOwner } : null,
      }));
    },
    queueTx: (delay, wallet, owners, lostOwner, newOwner) =>
      asCall(recoveryQueueCall({ delay, safe: wallet.address, owners, lostOwner, newOwner })),
    cancelCall: (delay, queueNonce) => asCall(recoveryCancelCall({ delay, queueNonce: BigInt(queueNonce) })),
    executeTx: (delay, queued) =>
      asCall(
        recoveryExecuteCall({
          delay,
          to: queued.to,
          value: queued.value,
          data: queued.data as Hex,
          operation: queued.operation,
        }),
      ),
    async disableCall(wallet, delay) {
      // The Safe's modules in its list order: disableModule needs the one before the delay.
      const [modules] = await read('getModulesPaginated', () =>
        client.readContract({
          address: getAddress(wallet.address),
          abi: recoveryDelayAbi,
          functionName: 'getModulesPaginated',
          args: [SENTINEL_ADDRESS, 50n],
        }),
      );
      return asCall(recoveryDisableCalls({ safe: wallet.address, delay, modules })[0]!);
    },
  };
}
