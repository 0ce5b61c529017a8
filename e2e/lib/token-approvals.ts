import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseAbi,
  zeroAddress,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { DEVNET_KEYS, type TransferTeam } from './transfers';
import { devnetRpcUrl } from './wallet-provider';

/** The part of the Safe contract a Safe transaction needs: its nonce, its own hash, execution. */
const safeAbi = parseAbi([
  'function nonce() view returns (uint256)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)',
]);

const node = () => createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) });

/**
 * The team's Safe approves `spender` for `amount` USDT base units on chain, outside the app: a
 * Safe transaction (to = USDT, data = approve(spender, amount)) signed over the hash the Safe
 * contract itself computes by two of its owners (devnet keys 1 and 2), executed by
 * execTransaction from devnet account 3. Resolves once the transaction is mined and succeeded.
 */
export async function approveFromSafe(team: TransferTeam, spender: Hex, amount: bigint): Promise<Hex> {
  const client = node();
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
  const nonce = await client.readContract({ address: team.safe, abi: safeAbi, functionName: 'nonce' });
  const fields = [team.usdt, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress] as const;
  const hash = await client.readContract({
    address: team.safe,
    abi: safeAbi,
    functionName: 'getTransactionHash',
    args: [...fields, nonce],
  });
  // The Safe wants its owners' signatures ordered by owner address, ascending.
  const owners = [DEVNET_KEYS[1], DEVNET_KEYS[2]].map((key) => privateKeyToAccount(key));
  owners.sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));
  const signatures = await Promise.all(owners.map((owner) => owner.sign({ hash })));
  const exec = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [...fields, `0x${signatures.map((signature) => signature.slice(2)).join('')}`],
  });
  const sent = await team.admin.session.call<{ tx_hash: Hex }>('POST', '/api/v1/dev/devnet-send', {
    from_index: 3,
    to: team.safe,
    data: exec,
  });
  const receipt = await client.waitForTransactionReceipt({ hash: sent.tx_hash, pollingInterval: 100 });
  if (receipt.status !== 'success') throw new Error(`the Safe's approve reverted: ${sent.tx_hash}`);
  return sent.tx_hash;
}

/** allowance(safe, spender) of the team's USDT, read from the devnet's node. */
export const usdtAllowance = (team: TransferTeam, spender: Hex): Promise<bigint> =>
  node().readContract({
    address: team.usdt,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [team.safe, spender],
  });
