import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import { decryptSecret, encryptSecret, hmacHex, sha256Hex } from '../../lib/crypto';
import type { ExchangeCredentials } from './exchange-client';

type SecretConfig = Pick<AppConfig, 'exchangeSecretKey' | 'EXCHANGE_SECRET_KEY_PREVIOUS' | 'appSecret'>;

/** What is stored for one account's key: never the key, secret or passphrase in the clear. */
export interface SealedCredentials {
  master_key_id: string;
  sealed_data_key: string;
  sealed_credentials: string;
}

/** Names a master key without revealing it (which key sealed a record's data key). */
export function masterKeyId(masterKey: string): string {
  return sha256Hex(`keystead:exchange-master-key:${masterKey}`).slice(0, 16);
}

/**
 * Envelope encryption: a fresh random data key per record seals the credentials (AES-256-GCM,
 * lib/crypto encryptSecret); the data key is sealed by the master key EXCHANGE_SECRET_KEY.
 * Rotating the master key re-seals the small data keys only (resealDataKey).
 */
export function sealCredentials(config: SecretConfig, credentials: ExchangeCredentials): SealedCredentials {
  const dataKey = randomBytes(32).toString('base64url');
  return {
    master_key_id: masterKeyId(config.exchangeSecretKey),
    sealed_data_key: encryptSecret(config.exchangeSecretKey, dataKey),
    sealed_credentials: encryptSecret(dataKey, JSON.stringify(credentials)),
  };
}

function masterKeyFor(config: SecretConfig, id: string): string {
  if (id === masterKeyId(config.exchangeSecretKey)) return config.exchangeSecretKey;
  const previous = config.EXCHANGE_SECRET_KEY_PREVIOUS;
  if (previous && id === masterKeyId(previous)) return previous;
  throw new Error(`exchange credentials sealed by an unknown master key ${id}`);
}

export function openCredentials(config: SecretConfig, sealed: SealedCredentials): ExchangeCredentials {
  const dataKey = decryptSecret(masterKeyFor(config, sealed.master_key_id), sealed.sealed_data_key);
  return JSON.parse(decryptSecret(dataKey, sealed.sealed_credentials)) as ExchangeCredentials;
}

/** The record's data key sealed by the current master key, or null when it already is. */
export function resealDataKey(
  config: SecretConfig,
  sealed: SealedCredentials,
): Pick<SealedCredentials, 'master_key_id' | 'sealed_data_key'> | null {
  const current = masterKeyId(config.exchangeSecretKey);
  if (sealed.master_key_id === current) return null;
  const dataKey = decryptSecret(masterKeyFor(config, sealed.master_key_id), sealed.sealed_data_key);
  return { master_key_id: current, sealed_data_key: encryptSecret(config.exchangeSecretKey, dataKey) };
}

/** One API key of one exchange, named without storing it (a key is added once on the platform). */
export function keyFingerprint(exchange: string, apiKey: string): string {
  return sha256Hex(`keystead:exchange-api-key:${exchange}:${apiKey}`);
}

/** The checked input, bound to what a check token may add (secret included, never stored). */
export function inputHash(config: SecretConfig, input: Record<string, unknown>): string {
  return hmacHex(config.appSecret, `exchange-check:${JSON.stringify(input)}`);
}

/** The key's first and last four characters for display. */
export function apiKeyHint(apiKey: string): string {
  return apiKey.length <= 8 ? '****' : `${apiKey.slice(0, 4)}****${apiKey.slice(-4)}`;
}
