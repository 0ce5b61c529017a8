// Devnet Bitcoin-family signer keys (1–9, dev mode only) through the API, as browser tests use them.
import type { ApiSession } from './api-session';

export interface DevnetKey {
  index: number;
  xpub: string;
  fingerprint: string;
  path: string;
}

/** Devnet key n of a regtest chain: its account xpub with its origin. */
export async function devnetKey(
  session: ApiSession,
  index: number,
  chain = 'ltc-regtest',
): Promise<DevnetKey> {
  const keys = await session.call<{ list: DevnetKey[] }>(
    'GET',
    `/api/v1/dev/utxo-devnet-keys?chain_key=${chain}`,
  );
  return keys.list.find((key) => key.index === index)!;
}

/** Registers and verifies devnet signer key n through the API (the devnet signer signs the challenge). */
export async function verifyKeyByApi(
  session: ApiSession,
  index: number,
  chain = 'ltc-regtest',
): Promise<void> {
  const key = await devnetKey(session, index, chain);
  const added = await session.call<{ id: number }>('POST', '/api/v1/permission-address/bitcoin', {
    name: `Devnet ${index}`,
    chain_key: chain,
    xpub: key.xpub,
    fingerprint: key.fingerprint,
    path: key.path,
  });
  const challenge = await session.call<{ challenge_id: number; message: string }>(
    'GET',
    `/api/v1/permission-address/challenge?id=${added.id}`,
  );
  const signed = await session.call<{ signature: string }>('POST', '/api/v1/dev/utxo-devnet-sign-message', {
    chain_key: chain,
    index,
    message: challenge.message,
  });
  await session.call('POST', '/api/v1/permission-address/bitcoin/verify', {
    id: added.id,
    challenge_id: challenge.challenge_id,
    signature: signed.signature,
  });
}
