// The family contract (src/family-contract.ts) for the XRP Ledger on the SYNTHETIC fixture ledger
// (no rippled runs here): a 2-of-3 signer list (weights 1, 1, 1) set by the account's master key,
// which is then disabled; signatures made with @noble by the fixture's signer. A validated ledger
// is final, so the reorg case does not apply.
import { signerEntry, testKey } from '@keystead/xrpl-fixture-node/test-signer';
import { describeFamilyContract, type FamilyContractHarness } from '../family-contract';
import { signedBy, startXrpKit, txOf, XRP } from './xrp-test-kit';

async function startXrpHarness(): Promise<FamilyContractHarness> {
  const kit = await startXrpKit('contract');
  const outsider = testKey('secp256k1', 'contract-outsider');
  let recipients = 0;
  const record = (address: string, family = 'XRP') => ({
    family,
    chainKey: '',
    address,
    fingerprint: null,
    derivationPath: null,
  });
  return {
    adapter: kit.family,
    wallet: kit.wallet,
    signerKeys: kit.signers.map((s) => s.address),
    setup: {
      signers: kit.signers.map((s) => record(s.address)),
      request: { account: kit.master.address, weights: [1, 1, 1] },
      foreign: record('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', 'EVM'),
    },
    amount: 2n * XRP,
    fee: { tier: 'standard' },
    newRecipient: async () => testKey('ed25519', `contract-recipient-${(recipients += 1)}`).address,
    sign: async (index, stored) => signedBy(kit.signers[index]!, stored),
    signAsNonSigner: async (stored) => signedBy(outsider, stored),
    signOtherBytes: async (index, _stored, other) => ({
      signature: JSON.stringify(signerEntry(txOf(other), kit.signers[index]!)),
    }),
    forge: (submission) => {
      const entry = JSON.parse(submission.signature!) as { Signer: { TxnSignature: string } };
      const sig = entry.Signer.TxnSignature;
      // The last byte changed: a signature of nothing the key signed.
      entry.Signer.TxnSignature = sig.slice(0, -2) + (sig.endsWith('00') ? '01' : '00');
      return { signature: JSON.stringify(entry) };
    },
    mine: async () => kit.node.closeLedger(1),
    reorg: async () => undefined,
    codes: {
      forged: 'SIGNATURE_INVALID_ERROR',
      // The entry names a list key, but its signature is over other bytes.
      otherBytes: 'SIGNATURE_INVALID_ERROR',
      nonSigner: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
      belowThreshold: 'TASK_STATUS_ERROR',
    },
    stop: () => kit.node.close(),
  };
}

describeFamilyContract('XRP Ledger (SignerListSet) on the SYNTHETIC fixture ledger', startXrpHarness, {
  notApplicable: { reorg: 'a validated XRP Ledger ledger is final: the ledger does not reorganize' },
});
