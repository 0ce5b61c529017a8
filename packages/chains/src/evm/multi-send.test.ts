import { describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { batchCall, decodeMultiSend, encodeMultiSend, multiSendAbi } from './multi-send';

const token = { contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'USDT', decimals: 6 };
const coin = { contract: null, symbol: 'ETH', decimals: 18 };
const to = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('MultiSendCallOnly calldata', () => {
  it('reads back every call it packed, in order (the devnet contract executes the same bytes)', () => {
    const calls = [batchCall(coin, to(1), 5n), batchCall(token, to(2), 7n), batchCall(coin, to(3), 1n)];
    const decoded = decodeMultiSend(encodeMultiSend(calls));
    expect(decoded).toEqual(calls.map((call) => ({ ...call, operation: 0 })));
  });

  it('is not a batch when the bytes are something else or a packed call is cut short', () => {
    expect(decodeMultiSend('0xa9059cbb')).toBeNull();
    const packed = decodeFunctionData({
      abi: multiSendAbi,
      data: encodeMultiSend([batchCall(token, to(2), 7n)]),
    }).args[0];
    for (const cut of [packed.slice(0, 2 + 84 * 2), packed.slice(0, -2)] as const) {
      const data = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [cut as Hex] });
      expect(decodeMultiSend(data)).toBeNull();
    }
    expect(() => batchCall(coin, to(1), 0n)).toThrow();
  });
});
