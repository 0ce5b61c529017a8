import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../languages';
import { listOf } from './reply';

/** §7 platform calls: health, the web client's runtime configuration, the language list. */
const chainHealth = z.object({
  chain_id: z.union([z.number(), z.string()]),
  name: z.string(),
  family: z.string(),
  reachable: z.boolean(),
  /** EVM devnet: the Safe contracts are deployed; null where the chain has none to check. */
  contracts_present: z.boolean().nullable(),
  detail: z.string().optional(),
});

/** GET /health (also the data of its 503 reply when something is down). */
export const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  chains: z.array(chainHealth),
  uptime_seconds: z.number(),
});
export type HealthReply = z.infer<typeof healthReply>;

/** GET /api/web/v2/web-config. */
export const webConfigReply = z.object({
  error_report_key: z.string().nullable(),
  require_invite: z.boolean(),
  dev_mode: z.boolean(),
  client_version: z.string(),
  /** The local devnet's chain id and contract addresses, when the server runs one. */
  devnet: z.object({ chain_id: z.number(), contracts: z.record(z.string(), z.string()) }).nullable(),
  /** WalletConnect's project and relay, when the server has a project id (else it is hidden). */
  walletconnect: z.object({ project_id: z.string(), relay_url: z.string() }).nullable(),
});
export type WebConfig = z.infer<typeof webConfigReply>;

/** GET /language. */
export const languageListReply = listOf(z.object({ code: z.enum(SUPPORTED_LANGUAGES), name: z.string() }));
export type LanguageList = z.infer<typeof languageListReply>;
