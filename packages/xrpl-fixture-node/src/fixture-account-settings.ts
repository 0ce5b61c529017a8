// SYNTHETIC: SignerListSet and AccountSet as rippled's SetSignerList and SetAccount transactors
// decide them (result codes and their order from those transactors). A signer list is one owner
// object (MultiSignReserve); regular keys, WalletLocator, Domain and the other AccountSet fields
// are out of the fixture's scope and are ignored.
import { ACCOUNT_FLAGS, type SignerEntry } from './fixture-ledger.js';
import { stamp, wants, type ApplyContext, type Transactor } from './fixture-transactor.js';
import { compareAccounts, MAX_MULTI_SIGNERS, type TxJson } from './independent.js';
import type { EngineResult } from './results.js';

function signerEntriesOf(tx: TxJson): SignerEntry[] {
  const raw =
    (tx.SignerEntries as { SignerEntry: { Account: string; SignerWeight: number } }[] | undefined) ?? [];
  return raw
    .map((e) => ({ account: e.SignerEntry.Account, weight: Number(e.SignerEntry.SignerWeight) }))
    .sort((a, b) => compareAccounts(a.account, b.account));
}

/** SetSignerList::determineOperation and validateQuorumAndSignerEntries. */
function signerListPreflight(tx: TxJson): EngineResult | undefined {
  const quorum = Number(tx.SignerQuorum ?? 0);
  const entries = signerEntriesOf(tx);
  if (quorum === 0 && tx.SignerEntries === undefined) return undefined; // delete the list
  if (quorum === 0 || entries.length === 0) return 'temMALFORMED';
  if (entries.length > MAX_MULTI_SIGNERS) return 'temMALFORMED';
  if (entries.some((e, i) => i > 0 && e.account === entries[i - 1]!.account)) return 'temBAD_SIGNER';
  let total = 0;
  for (const entry of entries) {
    if (!(entry.weight > 0)) return 'temBAD_WEIGHT';
    if (entry.account === tx.Account) return 'temBAD_SIGNER';
    total += entry.weight;
  }
  return total < quorum ? 'temBAD_QUORUM' : undefined;
}

function signerListApply(ctx: ApplyContext): EngineResult {
  const { ledger, account, tx } = ctx;
  const owner = account.account;
  const existing = ledger.state.signerLists.get(owner);
  const quorum = Number(tx.SignerQuorum ?? 0);
  if (quorum === 0) {
    if (!existing) return 'tesSUCCESS';
    // Without a regular key the list is the only way left to sign (no regular keys here).
    if ((account.flags & ACCOUNT_FLAGS.lsfDisableMaster) !== 0) return 'tecNO_ALTERNATIVE_KEY';
    ledger.state.signerLists.delete(owner);
    account.ownerCount -= 1;
    return 'tesSUCCESS';
  }
  // A replaced list gives its owner object back before the reserve is checked.
  const ownerCount = account.ownerCount - (existing ? 1 : 0) + 1;
  if (ctx.priorBalance < ledger.reserve(ownerCount)) return 'tecINSUFFICIENT_RESERVE';
  account.ownerCount = ownerCount;
  const list = { owner, quorum, entries: signerEntriesOf(tx), previousTxnId: '', previousTxnLgrSeq: 0 };
  stamp(list, ctx);
  ledger.state.signerLists.set(owner, list);
  return 'tesSUCCESS';
}

export const signerListSet: Transactor = { preflight: signerListPreflight, apply: signerListApply };

/** AccountSet SetFlag/ClearFlag values (asf…) and the transaction flags that do the same (tf…). */
export const ASF = {
  requireDest: 1,
  requireAuth: 2,
  disallowXrp: 3,
  disableMaster: 4,
  defaultRipple: 8,
  depositAuth: 9,
};
const TF_REQUIRE_DEST_TAG = 0x00010000;
const TF_OPTIONAL_DEST_TAG = 0x00020000;

const SIMPLE_FLAGS: [number, number][] = [
  [ASF.requireAuth, ACCOUNT_FLAGS.lsfRequireAuth],
  [ASF.disallowXrp, ACCOUNT_FLAGS.lsfDisallowXRP],
  [ASF.defaultRipple, ACCOUNT_FLAGS.lsfDefaultRipple],
  [ASF.depositAuth, ACCOUNT_FLAGS.lsfDepositAuth],
];

function accountSetPreflight(tx: TxJson): EngineResult | undefined {
  if (tx.SetFlag !== undefined && tx.SetFlag === tx.ClearFlag) return 'temINVALID_FLAG';
  const flags = Number(tx.Flags ?? 0);
  if ((flags & TF_REQUIRE_DEST_TAG) !== 0 && (flags & TF_OPTIONAL_DEST_TAG) !== 0) return 'temINVALID_FLAG';
  return undefined;
}

function accountSetApply(ctx: ApplyContext): EngineResult {
  const { ledger, account, tx } = ctx;
  let flags = account.flags;
  if (tx.SetFlag === ASF.disableMaster && (flags & ACCOUNT_FLAGS.lsfDisableMaster) === 0) {
    if (!ctx.signedWithMaster) return 'tecNEED_MASTER_KEY';
    if (!ledger.state.signerLists.has(account.account)) return 'tecNO_ALTERNATIVE_KEY';
    flags |= ACCOUNT_FLAGS.lsfDisableMaster;
  }
  if (tx.ClearFlag === ASF.disableMaster) flags &= ~ACCOUNT_FLAGS.lsfDisableMaster;
  if (wants(tx, ASF.requireDest, TF_REQUIRE_DEST_TAG)) flags |= ACCOUNT_FLAGS.lsfRequireDestTag;
  if (tx.ClearFlag === ASF.requireDest || (Number(tx.Flags ?? 0) & TF_OPTIONAL_DEST_TAG) !== 0) {
    flags &= ~ACCOUNT_FLAGS.lsfRequireDestTag;
  }
  for (const [asf, lsf] of SIMPLE_FLAGS) {
    if (tx.SetFlag === asf) flags |= lsf;
    if (tx.ClearFlag === asf) flags &= ~lsf;
  }
  account.flags = flags;
  return 'tesSUCCESS';
}

export const accountSet: Transactor = { preflight: accountSetPreflight, apply: accountSetApply };
