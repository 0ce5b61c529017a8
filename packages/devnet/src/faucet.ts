import { createPublicClient, createWalletClient, http, parseEther, parseUnits, type Hash } from 'viem';
import { hardhat } from 'viem/chains';
import { devnetAbi, USDT_DECIMALS } from './abi';
import type { Address, EvmDevnet } from './types';

export interface FaucetAmounts {
  /** Ether as a decimal string, e.g. "1.5". */
  eth?: string;
  /** USDT as a decimal string, e.g. "1000" (6 decimals). */
  usdt?: string;
}

/**
 * Dev only: sends ETH from the first Hardhat account and mints USDT to `address`, and waits
 * for both to be mined. The node signs for its unlocked test account (eth_sendTransaction),
 * so it also picks the nonce and concurrent faucet calls cannot collide.
 */
export async function fundFromFaucet(
  devnet: Pick<EvmDevnet, 'rpcUrl' | 'contracts' | 'accounts'>,
  address: Address,
  amounts: FaucetAmounts,
): Promise<{ ethTx?: Hash; usdtTx?: Hash }> {
  const funder = devnet.accounts[0];
  if (!funder) throw new Error('devnet has no test accounts');
  const transport = http(devnet.rpcUrl);
  const wallet = createWalletClient({ chain: hardhat, transport, account: funder.address });
  const client = createPublicClient({ chain: hardhat, transport });
  const result: { ethTx?: Hash; usdtTx?: Hash } = {};

  if (amounts.eth !== undefined) {
    result.ethTx = await wallet.sendTransaction({ to: address, value: parseEther(amounts.eth) });
  }
  if (amounts.usdt !== undefined) {
    result.usdtTx = await wallet.writeContract({
      address: devnet.contracts.usdt,
      abi: devnetAbi.usdt,
      functionName: 'mint',
      args: [address, parseUnits(amounts.usdt, USDT_DECIMALS)],
    });
  }
  for (const hash of [result.ethTx, result.usdtTx]) {
    if (!hash) continue;
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`faucet transaction ${hash} reverted`);
  }
  return result;
}
