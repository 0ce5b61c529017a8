import {
  BaseError,
  ContractFunctionRevertedError,
  HttpRequestError,
  TimeoutError,
  WebSocketRequestError,
  createPublicClient,
  decodeErrorResult,
  defineChain,
  http,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
} from 'viem';
import { ChainError } from '../errors';
import type { ChainInfo } from '../types';

/** A viem public client whose transport counts every JSON-RPC request it sends. */
export interface CountingClient {
  client: PublicClient<Transport, Chain>;
  count(): number;
  reset(): void;
}

export function createCountingClient(
  info: ChainInfo,
  rpcUrl: string,
  multicall3: Address,
  timeoutMs = 20_000,
): CountingClient {
  if (typeof info.chainId !== 'number')
    throw new ChainError('INVALID_ARGUMENT', `${info.key} is not an EVM chain`);
  let requests = 0;
  // viem's own retry also repeats JSON-RPC error -32603, which some nodes (Hardhat) use for
  // plain reverts: retry here instead, only when the transport failed (network, 429, 5xx).
  const base = http(rpcUrl, { timeout: timeoutMs, retryCount: 0 });
  const counted: Transport = (options) => {
    const transport = base({ ...options, retryCount: 0 });
    return {
      ...transport,
      config: { ...transport.config, retryCount: 0 },
      request: (async (args: Parameters<typeof transport.request>[0]) => {
        for (let attempt = 0; ; attempt++) {
          requests += 1;
          try {
            return await transport.request(args);
          } catch (error) {
            if (attempt >= TRANSPORT_RETRIES || !isRetriableTransportFailure(error)) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
          }
        }
      }) as typeof transport.request,
    };
  };
  const chain = defineChain({
    id: info.chainId,
    name: info.name,
    nativeCurrency: { name: info.nativeSymbol, symbol: info.nativeSymbol, decimals: info.nativeDecimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: multicall3 } },
  });
  const client = createPublicClient({
    chain,
    transport: counted,
    batch: { multicall: false },
  }) as PublicClient<Transport, Chain>;
  return {
    client,
    count: () => requests,
    reset: () => {
      requests = 0;
    },
  };
}

const TRANSPORT_RETRIES = 2;

function isRetriableTransportFailure(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (error instanceof HttpRequestError)
    return error.status === undefined || error.status === 429 || error.status >= 500;
  return false;
}

/** True when the failure is the transport's (network, timeout), not an answer from the chain. */
export function isTransportFailure(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk(
      (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError,
    ),
  );
}

/** Rethrows transport failures as ChainError('RPC_ERROR'); returns otherwise. */
export function rethrowTransport(error: unknown, what: string): void {
  if (isTransportFailure(error))
    throw new ChainError('RPC_ERROR', `${what}: node unreachable`, { cause: error });
}

/** Best-effort revert reason of a failed eth_call / estimate ("GS013", an ERC-20 message …). */
export function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk(
      (e) => e instanceof ContractFunctionRevertedError,
    ) as ContractFunctionRevertedError | null;
    if (reverted?.reason) return reverted.reason;
    if (reverted?.data?.errorName) return reverted.data.errorName;
    const withData = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as {
      data?: Hex;
    } | null;
    const data = withData?.data;
    if (data && /^0x[0-9a-fA-F]{8,}$/.test(data)) {
      try {
        const decoded = decodeErrorResult({ abi: [], data });
        if (decoded.errorName === 'Error') return String(decoded.args?.[0]);
        if (decoded.errorName === 'Panic') return `Panic(${String(decoded.args?.[0])})`;
      } catch {
        return `custom error ${data.slice(0, 10)}`;
      }
    }
    const text = `${error.details ?? ''} ${error.shortMessage}`;
    const quoted =
      /reverted with reason string '([^']*)'/.exec(text) ?? /execution reverted: ?([^\n]*)/.exec(text);
    if (quoted?.[1]) return quoted[1].trim();
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
