/**
 * The chains this server talks to. On the embedded default that is the local devnet (and the
 * Litecoin regtest node when litecoind is installed); configured RPC URLs replace them.
 */
export interface EvmChainEndpoint {
  family: 'EVM';
  chainId: number;
  name: string;
  rpcUrl: string;
  isDevnet: boolean;
  /** Contracts the platform needs on this chain (Safe, Multicall3, test token on the devnet). */
  contracts: Record<string, `0x${string}`>;
}

export interface UtxoChainEndpoint {
  family: 'BTC';
  chainId: string;
  name: string;
  rpcUrl: string;
  rpcUser?: string;
  rpcPassword?: string;
  isDevnet: boolean;
}

export type ChainEndpoint = EvmChainEndpoint | UtxoChainEndpoint;

export interface ChainHealth {
  chain_id: number | string;
  name: string;
  family: string;
  reachable: boolean;
  contracts_present: boolean | null;
  detail?: string;
}

export class ChainRegistry {
  constructor(private readonly endpoints: ChainEndpoint[] = []) {}

  list(): readonly ChainEndpoint[] {
    return this.endpoints;
  }

  evm(chainId: number): EvmChainEndpoint | undefined {
    return this.endpoints.find((e): e is EvmChainEndpoint => e.family === 'EVM' && e.chainId === chainId);
  }

  async health(timeoutMs = 2000): Promise<ChainHealth[]> {
    return Promise.all(this.endpoints.map((endpoint) => probe(endpoint, timeoutMs)));
  }
}

async function probe(endpoint: ChainEndpoint, timeoutMs: number): Promise<ChainHealth> {
  const base = { chain_id: endpoint.chainId, name: endpoint.name, family: endpoint.family };
  try {
    if (endpoint.family === 'BTC') {
      await jsonRpc(endpoint.rpcUrl, 'getblockcount', [], timeoutMs, endpoint.rpcUser, endpoint.rpcPassword);
      return { ...base, reachable: true, contracts_present: null };
    }
    const chainIdHex = (await jsonRpc(endpoint.rpcUrl, 'eth_chainId', [], timeoutMs)) as string;
    if (Number(chainIdHex) !== endpoint.chainId) {
      return { ...base, reachable: true, contracts_present: false, detail: `node reports chain ${Number(chainIdHex)}` };
    }
    const codes = await Promise.all(
      Object.values(endpoint.contracts).map((address) => jsonRpc(endpoint.rpcUrl, 'eth_getCode', [address, 'latest'], timeoutMs)),
    );
    const missing = Object.keys(endpoint.contracts).filter((_, i) => codes[i] === '0x' || !codes[i]);
    return {
      ...base,
      reachable: true,
      contracts_present: missing.length === 0,
      ...(missing.length ? { detail: `missing contracts: ${missing.join(', ')}` } : {}),
    };
  } catch (error) {
    return { ...base, reachable: false, contracts_present: null, detail: (error as Error).message };
  }
}

export async function jsonRpc(
  url: string,
  method: string,
  params: unknown[],
  timeoutMs: number,
  user?: string,
  password?: string,
): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user) headers.authorization = `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}`;
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}
