// SYNTHETIC: Payment as rippled's Payment transactor decides it, for the two cases the fixture
// supports. XRP: direct, with rippled's preflight (temREDUNDANT, temBAD_SEND_XRP_*), preclaim
// (tecNO_DST_INSUF_XRP, tecDST_TAG_NEEDED) and reserve rule (the prior balance must cover the amount
// plus max(reserve, fee), else tecUNFUNDED_PAYMENT). Issued currency: only straight through the
// issuer over holder–issuer trust lines; no paths, no offers, no partial payments, no transfer fee.
import {
  addDecimal,
  compareDecimal,
  parseDecimal,
  signOf,
  subtractDecimal,
  type Decimal,
} from './decimal.js';
import { ACCOUNT_FLAGS, lineKey, type AccountRoot, type TrustLine } from './fixture-ledger.js';
import { isDrops, stamp, type ApplyContext, type Transactor } from './fixture-transactor.js';
import { isClassicAddress, type TxJson } from './independent.js';
import type { EngineResult } from './results.js';

const TF_PARTIAL_PAYMENT = 0x00020000;

interface IssuedAmount {
  currency: string;
  issuer: string;
  value: string;
}
const isIssued = (v: unknown): v is IssuedAmount =>
  typeof v === 'object' && v !== null && 'currency' in v && 'issuer' in v && 'value' in v;

function preflight(tx: TxJson): EngineResult | undefined {
  if (!isClassicAddress(tx.Destination)) return 'temDST_NEEDED';
  const amount = tx.Amount;
  if (isDrops(amount)) {
    if (BigInt(amount) <= 0n) return 'temBAD_AMOUNT';
    if (tx.SendMax !== undefined) return 'temBAD_SEND_XRP_MAX';
    if (tx.Paths !== undefined) return 'temBAD_SEND_XRP_PATHS';
    if ((Number(tx.Flags ?? 0) & TF_PARTIAL_PAYMENT) !== 0) return 'temBAD_SEND_XRP_PARTIAL';
  } else if (isIssued(amount)) {
    if (amount.currency === 'XRP') return 'temBAD_CURRENCY';
    if (signOf(parseDecimal(amount.value)) <= 0) return 'temBAD_AMOUNT';
  } else return 'temBAD_AMOUNT';
  if (tx.Destination === tx.Account) return 'temREDUNDANT';
  return undefined;
}

function applyXrp(ctx: ApplyContext, destination: AccountRoot | undefined, amount: bigint): EngineResult {
  const { ledger, account } = ctx;
  if (!destination && amount < ledger.fees.reserveBase) return 'tecNO_DST_INSUF_XRP';
  // Rippled lets the last spend use the reserve for the fee: prior ≥ amount + max(reserve, fee).
  const reserve = ledger.reserve(account.ownerCount);
  const keep = reserve > ctx.fee ? reserve : ctx.fee;
  if (ctx.priorBalance < amount + keep) return 'tecUNFUNDED_PAYMENT';
  account.balance -= amount;
  const receiver = destination ?? ledger.createAccount(String(ctx.tx.Destination));
  receiver.balance += amount;
  return 'tesSUCCESS';
}

/** Why the side of a holder cannot move `value`: no line or nothing at all → dry, too little → partial. */
function shortfall(available: Decimal | undefined, value: Decimal): EngineResult | undefined {
  if (available === undefined || signOf(available) <= 0) return 'tecPATH_DRY';
  return compareDecimal(available, value) < 0 ? 'tecPATH_PARTIAL' : undefined;
}

function applyIssued(ctx: ApplyContext, amount: IssuedAmount): EngineResult {
  const { ledger, tx } = ctx;
  const value = parseDecimal(amount.value);
  const sender = String(tx.Account);
  const receiver = String(tx.Destination);
  const line = (holder: string): TrustLine | undefined =>
    ledger.state.lines.get(lineKey(holder, amount.currency, amount.issuer));
  if (!ledger.account(amount.issuer)) return 'tecPATH_DRY';
  // The issuer issues without limit and takes its own currency back without a line.
  const from = sender === amount.issuer ? undefined : line(sender);
  const to = receiver === amount.issuer ? undefined : line(receiver);
  if (sender !== amount.issuer) {
    const refusal = shortfall(from?.balance, value);
    if (refusal) return refusal;
  }
  if (receiver !== amount.issuer) {
    const refusal = shortfall(to && subtractDecimal(to.limit, to.balance), value);
    if (refusal) return refusal;
  }
  if (from) {
    from.balance = subtractDecimal(from.balance, value);
    stamp(from, ctx);
  }
  if (to) {
    to.balance = addDecimal(to.balance, value);
    stamp(to, ctx);
  }
  ctx.touch(amount.issuer);
  return 'tesSUCCESS';
}

function apply(ctx: ApplyContext): EngineResult {
  const destination = ctx.ledger.account(String(ctx.tx.Destination));
  const amount = ctx.tx.Amount;
  if (!destination && !isDrops(amount)) return 'tecNO_DST';
  const needsTag = destination && (destination.flags & ACCOUNT_FLAGS.lsfRequireDestTag) !== 0;
  if (needsTag && ctx.tx.DestinationTag === undefined) return 'tecDST_TAG_NEEDED';
  return isDrops(amount)
    ? applyXrp(ctx, destination, BigInt(amount))
    : applyIssued(ctx, amount as IssuedAmount);
}

export const payment: Transactor = { preflight, apply };
