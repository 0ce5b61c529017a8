import type { AppConfig } from '../../config';
import type { ChainEndpoint } from './chain-registry';

/** BTC_RPC_URL / LTC_RPC_URL / BCH_RPC_URL: Bitcoin-family mainnet nodes, when configured. */
export function utxoEndpoints(
  config: Pick<AppConfig, 'BTC_RPC_URL' | 'LTC_RPC_URL' | 'BCH_RPC_URL'>,
): ChainEndpoint[] {
  const configured: Array<[string, string, string | undefined]> = [
    ['btc', 'Bitcoin', config.BTC_RPC_URL],
    ['ltc', 'Litecoin', config.LTC_RPC_URL],
    ['bch', 'Bitcoin Cash', config.BCH_RPC_URL],
  ];
  return configured.flatMap(([chainId, name, url]): ChainEndpoint[] => {
    if (!url) return [];
    // Credentials stay in the URL: the adapter turns them into basic auth.
    const parsed = new URL(url);
    const rpcUser = decodeURIComponent(parsed.username);
    const rpcPassword = decodeURIComponent(parsed.password);
    parsed.username = '';
    parsed.password = '';
    return [
      {
        family: 'BTC',
        chainId,
        name,
        rpcUrl: parsed.toString(),
        ...(rpcUser ? { rpcUser, rpcPassword } : {}),
        isDevnet: false,
      },
    ];
  });
}

/** TRON_RPC_URL / TRON_NILE_RPC_URL: Tron full nodes' HTTP API, with TRON_API_KEY for hosted ones. */
export function tronEndpoints(
  config: Pick<AppConfig, 'TRON_RPC_URL' | 'TRON_NILE_RPC_URL' | 'TRON_API_KEY'>,
): ChainEndpoint[] {
  const configured: Array<[string, string, string | undefined]> = [
    ['trx', 'Tron', config.TRON_RPC_URL],
    ['trx-nile', 'Tron Nile Testnet', config.TRON_NILE_RPC_URL],
  ];
  return configured.flatMap(([chainId, name, url]): ChainEndpoint[] =>
    url
      ? [
          {
            family: 'TRX',
            chainId,
            name,
            rpcUrl: url,
            ...(config.TRON_API_KEY ? { apiKey: config.TRON_API_KEY } : {}),
            isDevnet: false,
          },
        ]
      : [],
  );
}

/** XRPL_RPC_URL / XRPL_TESTNET_RPC_URL: XRP Ledger servers (JSON-RPC or WebSocket). */
export function xrplEndpoints(
  config: Pick<AppConfig, 'XRPL_RPC_URL' | 'XRPL_TESTNET_RPC_URL'>,
): ChainEndpoint[] {
  const configured: Array<[string, string, string | undefined]> = [
    ['xrp', 'XRP Ledger', config.XRPL_RPC_URL],
    ['xrp-testnet', 'XRP Ledger Testnet', config.XRPL_TESTNET_RPC_URL],
  ];
  return configured.flatMap(([chainId, name, url]): ChainEndpoint[] =>
    url ? [{ family: 'XRP', chainId, name, rpcUrl: url, isDevnet: false }] : [],
  );
}

/** SOLANA_RPC_URL / SOLANA_DEVNET_RPC_URL: Solana JSON-RPC endpoints (a node or a provider). */
export function solanaEndpoints(
  config: Pick<AppConfig, 'SOLANA_RPC_URL' | 'SOLANA_DEVNET_RPC_URL'>,
): ChainEndpoint[] {
  const configured: Array<[string, string, string | undefined]> = [
    ['sol', 'Solana', config.SOLANA_RPC_URL],
    ['sol-devnet', 'Solana Devnet', config.SOLANA_DEVNET_RPC_URL],
  ];
  return configured.flatMap(([chainId, name, url]): ChainEndpoint[] =>
    url ? [{ family: 'SOL', chainId, name, rpcUrl: url, isDevnet: false }] : [],
  );
}
