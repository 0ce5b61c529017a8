import type { SafeTx } from './safe-tx';

/** SafeTx ⇄ JSON text as the task stores it (bigints as decimal strings). */
export function safeTxToJson(tx: SafeTx): string {
  return JSON.stringify({
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data,
    operation: tx.operation,
    safeTxGas: tx.safeTxGas.toString(),
    baseGas: tx.baseGas.toString(),
    gasPrice: tx.gasPrice.toString(),
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
    nonce: tx.nonce.toString(),
  });
}

export function safeTxFromJson(value: unknown): SafeTx {
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string | number>;
  return {
    to: raw.to as `0x${string}`,
    value: BigInt(raw.value!),
    data: raw.data as `0x${string}`,
    operation: Number(raw.operation) as 0 | 1,
    safeTxGas: BigInt(raw.safeTxGas!),
    baseGas: BigInt(raw.baseGas!),
    gasPrice: BigInt(raw.gasPrice!),
    gasToken: raw.gasToken as `0x${string}`,
    refundReceiver: raw.refundReceiver as `0x${string}`,
    nonce: BigInt(raw.nonce!),
  };
}
