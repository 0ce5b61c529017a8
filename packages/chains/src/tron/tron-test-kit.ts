// TEST-ONLY helpers for the Tron family's tests: a fixture node (SYNTHETIC, see its package) and
// signatures made with @noble, independently of tronweb, which the adapter uses.
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { startTronFixtureNode, type TronFixtureNode } from '@keystead/tron-fixture-node';
import { signTxId, testKey } from '@keystead/tron-fixture-node/test-signer';
import { chainByKey } from '../chain-table';
import { createTronAdapter, type TronAdapter } from './adapter';
import { createTronFamily } from './family';
import type { FamilyAdapter } from '../family';

export { signTxId, testKey };

/** TIP-191 (signMessageV2): keccak256("\x19TRON Signed Message:\n" + length + message), r‖s‖v. */
export function tip191Hash(message: string): Uint8Array {
  const body = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`\x19TRON Signed Message:\n${body.length}`);
  return keccak_256(new Uint8Array([...prefix, ...body]));
}

export function signTip191(message: string, privateKeyHex: string): string {
  const sig = secp256k1.sign(tip191Hash(message), privateKeyHex);
  return `0x${sig.toCompactHex()}${(27 + sig.recovery).toString(16)}`;
}

/** Signs a Tron payload (JSON) with test keys as TronLink would: signatures appended to the JSON. */
export function signPayload(payload: string, privateKeys: string[]): string {
  const tx = JSON.parse(payload) as { txID: string; signature: string[] };
  return JSON.stringify({
    ...tx,
    signature: [...tx.signature, ...privateKeys.map((k) => signTxId(tx.txID, k))],
  });
}

export async function tronKit(options: Parameters<typeof startTronFixtureNode>[0] = {}): Promise<{
  node: TronFixtureNode;
  chain: TronAdapter;
  family: FamilyAdapter;
}> {
  const node = await startTronFixtureNode(options);
  const chain = createTronAdapter({
    info: chainByKey('trx')!,
    rpcUrl: node.url,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  return { node, chain, family: createTronFamily(chain) };
}
