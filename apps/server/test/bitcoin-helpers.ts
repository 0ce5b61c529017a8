// Bitcoin-family API test helpers: a signer key registered and verified the way a signer's
// wallet does it (BIP-137 message), the app's chain entry for a `litecoind -regtest` node, and a
// Litecoin Core wallet that holds one signer's private key (the node as a co-signer).
import * as ecc from 'tiny-secp256k1';
import { expect } from 'vitest';
import {
  bitcoinNetwork,
  messageHash,
  walletDescriptors,
  withChecksum,
  type BitcoinChainKey,
} from '@keystead/chains';
import { signPsbtAsSigner, type TestSigner } from '@keystead/chains/bitcoin/test-signer';
import type { LitecoinRegtest } from '@keystead/devnet';
import type { ChainEndpoint } from '../src/modules/chains/chain-registry';
import type { Person } from './space-helpers';

/** The app's chain entry for a regtest node. */
export function litecoinRegtestChain(node: LitecoinRegtest, chainId: BitcoinChainKey): ChainEndpoint {
  return {
    family: 'BTC',
    chainId,
    name: 'Litecoin regtest',
    rpcUrl: node.rpcUrl,
    rpcUser: node.rpcUser,
    rpcPassword: node.rpcPassword,
    isDevnet: true,
  };
}

/** A BIP-137 signed message with the signer's account key (compressed, P2PKH header 31–34). */
export function signBitcoinMessage(chain: BitcoinChainKey, signer: TestSigner, message: string): string {
  const account = signer.master.derivePath(signer.key.path);
  const { signature, recoveryId } = ecc.signRecoverable(
    messageHash(bitcoinNetwork(chain), message),
    account.privateKey!,
  );
  return Buffer.concat([Buffer.from([31 + recoveryId]), Buffer.from(signature)]).toString('base64');
}

/** Registers `signer`'s account xpub for `person` and verifies it by signing the challenge. */
export async function verifiedBitcoinSigner(
  person: Person,
  chain: BitcoinChainKey,
  signer: TestSigner,
  name = 'Key',
  device?: 'software' | 'ledger' | 'trezor' | 'onekey' | 'qr',
): Promise<number> {
  const added = await person.client.post<{ id: number }>('/api/v1/permission-address/bitcoin', {
    name,
    chain_key: chain,
    xpub: signer.key.xpub,
    fingerprint: signer.key.fingerprint,
    path: signer.key.path,
    ...(device ? { device } : {}),
  });
  expect(added.code).toBe('OK');
  const challenge = await person.client.get<{ challenge_id: number; message: string }>(
    '/api/v1/permission-address/challenge',
    { id: added.data.id },
  );
  const verified = await person.client.post('/api/v1/permission-address/bitcoin/verify', {
    id: added.data.id,
    challenge_id: challenge.data.challenge_id,
    signature: signBitcoinMessage(chain, signer, challenge.data.message),
  });
  expect(verified.code).toBe('OK');
  return added.data.id;
}

/**
 * A blank legacy Litecoin Core wallet (Debian's litecoind has no sqlite, so no descriptor
 * wallets) holding `cosigner`'s account tprv with its key origin, for the multisig's receive and
 * change descriptors through importmulti: `walletprocesspsbt` in it signs as that signer.
 */
export async function litecoinCoreCosigner(
  node: LitecoinRegtest,
  walletName: string,
  wallet: { chain: BitcoinChainKey; threshold: number; keys: TestSigner['key'][] },
  cosigner: TestSigner,
): Promise<string> {
  await node.rpc('createwallet', [walletName, false, true]);
  const tprv = cosigner.master.derivePath(cosigner.key.path).toBase58();
  const descriptors = walletDescriptors(wallet);
  const requests = [];
  for (const desc of [descriptors.receive, descriptors.change]) {
    const body = desc.split('#')[0]!.replace(cosigner.key.xpub, tprv);
    requests.push({ desc: withChecksum(body), range: [0, 20], timestamp: 'now', watchonly: false });
  }
  const imported = (await node.rpc('importmulti', [requests], { wallet: walletName })) as Array<{
    success: boolean;
  }>;
  expect(imported.map((r) => r.success)).toEqual([true, true]);
  return walletName;
}

/** `person` signs the task's PSBT with their own key, as their signing tool would, and sends it (POST /sign): the reply's code. */
export async function signTaskPsbt(
  person: Person,
  taskId: number,
  psbt: string,
  chain: BitcoinChainKey,
  signer: TestSigner,
): Promise<string> {
  const reply = await person.client.post('/api/v1/sign', {
    task_id: taskId,
    psbt: signPsbtAsSigner(psbt, chain, signer),
  });
  return reply.code;
}
