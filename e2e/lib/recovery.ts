import { createPublicClient, getAddress, http, parseAbi, type Hex } from 'viem';
import { hardhat } from 'viem/chains';
import { devnetRpcUrl } from './wallet-provider';

/** A raw JSON-RPC call to the server's devnet (Hardhat's own methods: evm_increaseTime, evm_mine). */
async function devnetRpc(method: string, params: unknown[]): Promise<unknown> {
  const reply = await fetch(devnetRpcUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await reply.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Moves the devnet's clock `seconds` ahead and mines a block at the new time (the chain's time is
 * its newest block's timestamp). Every later test on this devnet sees the chain ahead of the wall clock.
 */
export async function moveDevnetTime(seconds: number): Promise<void> {
  await devnetRpc('evm_increaseTime', [seconds]);
  await devnetRpc('evm_mine', []);
}

/** The Safe's owners as its contract lists them (checksummed). */
export async function safeOwners(safe: Hex): Promise<string[]> {
  const owners = await createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) }).readContract({
    address: safe,
    abi: parseAbi(['function getOwners() view returns (address[])']),
    functionName: 'getOwners',
  });
  return owners.map((owner) => getAddress(owner));
}
