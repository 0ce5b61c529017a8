// Test-only: an XRP wallet set up on the SYNTHETIC fixture ledger (no rippled runs here) by its
// master key's two steps, with signer keys made by the fixture's @noble signer — never by the
// libraries the adapter itself uses (xrpl.js, ripple-keypairs).
import { startXrplFixtureNode, type XrplFixtureNode } from '@keystead/xrpl-fixture-node';
import { signSingle, signerEntry, testKey, type TestKey } from '@keystead/xrpl-fixture-node/test-signer';
import { chainByKey } from '../chain-table';
import type { FamilyAdapter, FamilyWallet, PreparedSetup, StoredTransfer } from '../family';
import { createXrplAdapter, type XrplAdapter } from './adapter';
import { createXrpFamily } from './family';
import type { XrpPayload } from './transfer';

export const XRP = 1_000_000n;

export interface XrpKit {
  node: XrplFixtureNode;
  chain: XrplAdapter;
  family: FamilyAdapter;
  master: TestKey;
  signers: TestKey[];
  setup: PreparedSetup;
  wallet: FamilyWallet;
}

/** Signs the setup step the ledger needs next with the master key and submits it. */
export async function runSetupStep(kit: Pick<XrpKit, 'family' | 'master' | 'setup'>): Promise<string | null> {
  const step = await kit.family.setupTransaction!(kit.setup);
  if (!step.payload) return null;
  const blob = signSingle(JSON.parse(step.payload), kit.master);
  await kit.family.checkSignedSetup!(kit.setup, blob);
  await kit.family.relay(blob);
  return step.step ?? null;
}

/** A 2-of-3 wallet (weights 1, 1, 1; keys secp256k1, ed25519, secp256k1) set up and funded. */
export async function startXrpKit(
  seed: string,
  options: { setUp?: boolean; funds?: bigint } = {},
): Promise<XrpKit> {
  const node = await startXrplFixtureNode();
  const chain = createXrplAdapter({ info: chainByKey('xrp-testnet')!, rpcUrl: node.url });
  const family = createXrpFamily(chain);
  const master = testKey('secp256k1', `${seed}-master`);
  const signers = [
    testKey('secp256k1', `${seed}-a`),
    testKey('ed25519', `${seed}-b`),
    testKey('secp256k1', `${seed}-c`),
  ];
  const setup = await family.prepareSetup({
    keys: signers.map((s) => s.address),
    threshold: 2,
    weights: [1, 1, 1],
    account: master.address,
  });
  const wallet = {
    address: master.address,
    threshold: 2,
    keys: setup.walletKeys,
    nextReceiveIndex: 0,
    nextChangeIndex: 0,
  };
  const kit = { node, chain, family, master, signers, setup, wallet };
  if (options.setUp !== false) {
    node.fund(master.address, options.funds ?? 100n * XRP);
    await runSetupStep(kit);
    await runSetupStep(kit);
  }
  return kit;
}

export const txOf = (stored: Pick<StoredTransfer, 'payload'>) =>
  (JSON.parse(stored.payload) as XrpPayload).tx_json;

/** A signer's submission as its tool sends it: the Signer entry over the stored transaction. */
export const signedBy = (key: TestKey, stored: Pick<StoredTransfer, 'payload'>) => ({
  signature: JSON.stringify(signerEntry(txOf(stored), key)),
});
