import {
  chainByKey,
  familyAdapter,
  type FamilyAdapter,
  createBitcoinAdapter,
  createEvmAdapter,
  createTronAdapter,
  createXrplAdapter,
  createSolanaAdapter,
  isBitcoinChainKey,
  type BitcoinAdapter,
  type ChainInfo,
  type EvmAdapter,
  type TronAdapter,
  type TokenRef,
} from '@keystead/chains';
import { AppError } from '../../lib/app-error';

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

export interface TronChainEndpoint {
  family: 'TRX';
  chainId: string;
  name: string;
  /** The full node's HTTP API (/wallet/…). */
  rpcUrl: string;
  /** TRON-PRO-API-KEY for hosted providers. */
  apiKey?: string;
  /** The chain's USDT (TRC20) where it is not Tether's mainnet one (a fixture or private chain). */
  usdt?: string;
  isDevnet: boolean;
}

export interface XrplChainEndpoint {
  family: 'XRP';
  chainId: string;
  name: string;
  /** rippled's JSON-RPC (http) or WebSocket (ws) API. */
  rpcUrl: string;
  isDevnet: boolean;
}

export interface SolanaChainEndpoint {
  family: 'SOL';
  chainId: string;
  name: string;
  /** A Solana JSON-RPC endpoint (a node, a provider, or the local litesvm devnet). */
  rpcUrl: string;
  isDevnet: boolean;
}

export type ChainEndpoint =
  EvmChainEndpoint | UtxoChainEndpoint | TronChainEndpoint | XrplChainEndpoint | SolanaChainEndpoint;

export interface ChainHealth {
  chain_id: number | string;
  name: string;
  family: string;
  reachable: boolean;
  contracts_present: boolean | null;
  detail?: string;
}

/** RLUSD's currency code: the 40-hex form the ledger uses for codes longer than three letters. */
const RLUSD_CODE = '524C555344000000000000000000000000000000';

/** Well-known tokens shown in every wallet of a chain (custom tokens are added per wallet). */
const KNOWN_TOKENS: Record<string, TokenRef[]> = {
  '1': [
    { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', decimals: 6 },
    { contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 },
  ],
  // Tether's TRC20 USDT on Tron mainnet.
  trx: [{ contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'USDT', decimals: 6 }],
  // XRP Ledger issued currencies ("currency.issuer"): Ripple USD (RLUSD) by its issuer on each network.
  xrp: [{ contract: `${RLUSD_CODE}.rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De`, symbol: 'RLUSD', decimals: 6 }],
  'xrp-testnet': [
    { contract: `${RLUSD_CODE}.rQhWct2fv4Vc4KRjRgMrxa8xPN9Zx9iLKV`, symbol: 'RLUSD', decimals: 6 },
  ],
  // Tether's USDT mint on Solana mainnet (SPL token, 6 decimals).
  sol: [{ contract: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', symbol: 'USDT', decimals: 6 }],
};

/** Safe v1.4.1's canonical deployment, present on most public EVM chains. */
const CANONICAL_SAFE_CONTRACTS = {
  safeSingleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeL2Singleton: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
} as const;

export interface DevnetFaucet {
  chainKey: string;
  fund(
    address: string,
    amounts: { eth?: string; usdt?: string },
  ): Promise<{ ethTx?: string; usdtTx?: string }>;
  /** Sends a transaction from one of the devnet's well-known test accounts (the devnet signer). */
  send(fromIndex: number, tx: { to: string; data: string; value?: bigint }): Promise<string>;
}

export class ChainRegistry {
  private readonly adapters = new Map<string, EvmAdapter>();
  private readonly utxoAdapters = new Map<string, BitcoinAdapter>();
  private readonly families = new Map<string, FamilyAdapter>();

  constructor(
    private readonly endpoints: ChainEndpoint[] = [],
    private readonly faucet: DevnetFaucet | null = null,
  ) {}

  list(): readonly ChainEndpoint[] {
    return this.endpoints;
  }

  private endpoint(key: string): ChainEndpoint | undefined {
    return this.endpoints.find((endpoint) => String(endpoint.chainId) === key);
  }

  /** Facts of a configured chain; anything else is not supported here. */
  chainInfo(key: string): ChainInfo {
    const info = this.endpoint(key) ? chainByKey(key) : undefined;
    if (!info) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    return info;
  }

  supported(): ChainInfo[] {
    return this.endpoints.flatMap((endpoint) => chainByKey(String(endpoint.chainId)) ?? []);
  }

  /** The EVM adapter of a configured chain, created once. */
  walletChain(key: string): EvmAdapter {
    const cached = this.adapters.get(key);
    if (cached) return cached;
    const endpoint = this.endpoint(key);
    const info = endpoint ? chainByKey(key) : undefined;
    if (!endpoint || !info || endpoint.family !== 'EVM') throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    const contracts = { ...CANONICAL_SAFE_CONTRACTS, ...endpoint.contracts } as Record<string, `0x${string}`>;
    const adapter = createEvmAdapter({
      info,
      rpcUrl: endpoint.rpcUrl,
      contracts: {
        safeSingleton: contracts.safeSingleton!,
        safeL2Singleton: contracts.safeL2Singleton!,
        safeProxyFactory: contracts.safeProxyFactory!,
        compatibilityFallbackHandler: contracts.compatibilityFallbackHandler!,
        multiSendCallOnly: contracts.multiSendCallOnly!,
        multicall3: contracts.multicall3!,
      },
      // Emergency recovery where a delay module is known (the devnet deploys one).
      ...(contracts.moduleProxyFactory && contracts.recoveryDelay
        ? {
            recovery: {
              moduleProxyFactory: contracts.moduleProxyFactory,
              delayMastercopy: contracts.recoveryDelay,
            },
          }
        : {}),
    });
    this.adapters.set(key, adapter);
    return adapter;
  }

  /** Whether a configured chain is a Bitcoin-family (UTXO) chain. */
  isUtxo(key: string): boolean {
    return this.endpoint(key)?.family === 'BTC';
  }

  /** The Bitcoin-family adapter of a configured chain (btc, ltc, bch, ltc-regtest …), created once. */
  utxoChain(key: string): BitcoinAdapter {
    const cached = this.utxoAdapters.get(key);
    if (cached) return cached;
    const endpoint = this.endpoint(key);
    if (!endpoint || endpoint.family !== 'BTC' || !isBitcoinChainKey(key))
      throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    const url = new URL(endpoint.rpcUrl);
    if (endpoint.rpcUser) {
      url.username = encodeURIComponent(endpoint.rpcUser);
      url.password = encodeURIComponent(endpoint.rpcPassword ?? '');
    }
    const adapter = createBitcoinAdapter({ chain: key, rpcUrl: url.toString() });
    this.utxoAdapters.set(key, adapter);
    return adapter;
  }

  /** A configured Bitcoin-family chain key (for the Bitcoin routes), or WALLET_CHAIN_UNSUPPORTED_ERROR. */
  requireUtxo(key: string): string {
    if (!isBitcoinChainKey(key) || !this.isUtxo(key)) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    return key;
  }

  private tronChain(endpoint: TronChainEndpoint): TronAdapter {
    const info = chainByKey(endpoint.chainId);
    if (!info || info.family !== 'TRX') throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    return createTronAdapter({
      info,
      rpcUrl: endpoint.rpcUrl,
      ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    });
  }

  /** The family adapter (the transfer lifecycle's view) of a configured chain, created once. */
  family(key: string): FamilyAdapter {
    const cached = this.families.get(key);
    if (cached) return cached;
    const endpoint = this.endpoint(key);
    if (!endpoint) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    const adapter = familyAdapter(
      endpoint.family === 'BTC'
        ? this.utxoChain(key)
        : endpoint.family === 'TRX'
          ? this.tronChain(endpoint)
          : endpoint.family === 'XRP'
            ? createXrplAdapter({ info: this.chainInfo(key), rpcUrl: endpoint.rpcUrl })
            : endpoint.family === 'SOL'
              ? createSolanaAdapter({ info: this.chainInfo(key), rpcUrl: endpoint.rpcUrl })
              : this.walletChain(key),
    );
    if (!adapter) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    this.families.set(key, adapter);
    return adapter;
  }

  /**
   * A family adapter for keys that belong to a family rather than a chain (an EVM owner address
   * signs on every EVM chain): the first configured chain of that family.
   */
  familyOfKind(kind: string): FamilyAdapter {
    const endpoint = this.endpoints.find((e) => e.family === kind);
    if (!endpoint) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
    return this.family(String(endpoint.chainId));
  }

  defaultTokens(key: string): TokenRef[] {
    const endpoint = this.endpoint(key);
    if (endpoint?.family === 'EVM' && endpoint.isDevnet && endpoint.contracts.usdt) {
      return [{ contract: endpoint.contracts.usdt, symbol: 'USDT', decimals: 6 }];
    }
    if (endpoint?.family === 'TRX' && endpoint.usdt)
      return [{ contract: endpoint.usdt, symbol: 'USDT', decimals: 6 }];
    return KNOWN_TOKENS[key] ?? [];
  }

  devnetFaucet(): DevnetFaucet | null {
    return this.faucet;
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
    if (endpoint.family === 'TRX') {
      const ok = await createTronAdapter({
        info: chainByKey(endpoint.chainId)!,
        rpcUrl: endpoint.rpcUrl,
        ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
      }).ping();
      return ok
        ? { ...base, reachable: true, contracts_present: null }
        : { ...base, reachable: false, contracts_present: null };
    }
    if (endpoint.family === 'SOL') {
      const ok = await createSolanaAdapter({
        info: chainByKey(endpoint.chainId)!,
        rpcUrl: endpoint.rpcUrl,
      }).ping();
      return { ...base, reachable: ok, contracts_present: null };
    }
    if (endpoint.family === 'XRP') {
      const ok = await createXrplAdapter({
        info: chainByKey(endpoint.chainId)!,
        rpcUrl: endpoint.rpcUrl,
      }).ping();
      return { ...base, reachable: ok, contracts_present: null };
    }
    if (endpoint.family === 'BTC') {
      await jsonRpc(endpoint.rpcUrl, 'getblockcount', [], timeoutMs, endpoint.rpcUser, endpoint.rpcPassword);
      return { ...base, reachable: true, contracts_present: null };
    }
    const chainIdHex = (await jsonRpc(endpoint.rpcUrl, 'eth_chainId', [], timeoutMs)) as string;
    if (Number(chainIdHex) !== endpoint.chainId) {
      return {
        ...base,
        reachable: true,
        contracts_present: false,
        detail: `node reports chain ${Number(chainIdHex)}`,
      };
    }
    const codes = await Promise.all(
      Object.values(endpoint.contracts).map((address) =>
        jsonRpc(endpoint.rpcUrl, 'eth_getCode', [address, 'latest'], timeoutMs),
      ),
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
