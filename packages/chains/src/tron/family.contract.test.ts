// The family contract (src/family-contract.ts) for Tron on the SYNTHETIC fixture node (no Tron node
// runs here): a 2-of-3 weighted wallet (weights 1, 1, 1) handed over by its first key's
// permission update; signatures made with @noble; reorgs are the fixture's roll-back.
import { startTronFixtureNode } from '@keystead/tron-fixture-node';
import { signTxId, testKey } from '@keystead/tron-fixture-node/test-signer';
import { chainByKey } from '../chain-table';
import { describeFamilyContract, type FamilyContractHarness } from '../family-contract';
import { createTronAdapter } from './adapter';
import { createTronFamily } from './family';
import { signPayload } from './tron-test-kit';

const TRX = 1_000_000n;

async function startTronHarness(): Promise<FamilyContractHarness> {
  const node = await startTronFixtureNode();
  const adapter = createTronFamily(createTronAdapter({ info: chainByKey('trx')!, rpcUrl: node.url }));
  const first = testKey(40);
  const signers = [testKey(41), testKey(42), testKey(43)];
  const outsider = testKey(49);
  const request = { account: first.address, weights: [1, 1, 1] };
  const setup = await adapter.prepareSetup({ keys: signers.map((s) => s.address), threshold: 2, ...request });
  node.fund(first.address, 300n * TRX);
  const update = await adapter.setupTransaction!(setup);
  await adapter.relay(signPayload(update.payload!, [first.privateKey]));
  let recipients = 500;
  const record = (address: string, family = 'TRX') => ({
    family,
    chainKey: '',
    address,
    fingerprint: null,
    derivationPath: null,
  });
  const txIdOf = (payload: string) => (JSON.parse(payload) as { txID: string }).txID;

  return {
    adapter,
    wallet: {
      address: first.address,
      threshold: 2,
      keys: setup.walletKeys,
      nextReceiveIndex: 0,
      nextChangeIndex: 0,
    },
    signerKeys: signers.map((s) => s.address),
    setup: {
      signers: signers.map((s) => record(s.address)),
      request,
      foreign: record('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', 'EVM'),
    },
    amount: 2n * TRX,
    fee: { tier: 'standard' },
    newRecipient: async () => testKey((recipients += 1)).address,
    sign: async (index, stored) => ({
      signature: signTxId(txIdOf(stored.payload), signers[index]!.privateKey),
    }),
    signAsNonSigner: async (stored) => ({ signature: signTxId(txIdOf(stored.payload), outsider.privateKey) }),
    signOtherBytes: async (index, _stored, other) => ({
      signature: signTxId(txIdOf(other.payload), signers[index]!.privateKey),
    }),
    forge: (submission) => {
      const bytes = Buffer.from(submission.signature!, 'hex');
      // r set to zero: no signature at all (a flipped bit would recover a stranger's key, or none).
      bytes.fill(0, 0, 32);
      return { signature: bytes.toString('hex') };
    },
    mine: async () => node.mine(1),
    reorg: async (txHash) => node.reorg(txHash),
    codes: {
      forged: 'SIGNATURE_INVALID_ERROR',
      // A signature over other bytes recovers some other key: not the wallet's.
      otherBytes: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
      nonSigner: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
      belowThreshold: 'TASK_STATUS_ERROR',
    },
    stop: () => node.close(),
  };
}

describeFamilyContract('Tron (account permissions) on the SYNTHETIC fixture node', startTronHarness);
