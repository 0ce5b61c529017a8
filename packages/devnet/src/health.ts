import type { DevnetContracts } from './types';

/**
 * For the app's health check: the node answers with chain id 31337 and every devnet contract
 * has code. Never throws; a slow or absent node counts as unhealthy after `timeoutMs`.
 */
export async function isDevnetHealthy(
  rpcUrl: string,
  contracts: DevnetContracts,
  timeoutMs = 3_000,
): Promise<boolean> {
  const addresses = Object.values(contracts);
  const batch = [
    { jsonrpc: '2.0', id: 0, method: 'eth_chainId', params: [] },
    ...addresses.map((address, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'eth_getCode',
      params: [address, 'latest'],
    })),
  ];
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return false;
    const replies = (await response.json()) as { id: number; result?: string }[];
    if (!Array.isArray(replies)) return false;
    const byId = new Map(replies.map((r) => [r.id, r.result]));
    if (Number(byId.get(0)) !== 31337) return false;
    return addresses.every((_, i) => {
      const code = byId.get(i + 1);
      return typeof code === 'string' && code.length > 2;
    });
  } catch {
    return false;
  }
}
