// LiteSVM's transaction errors, turned into what a real node says: the JSON form of Rust's
// TransactionError (as in getSignatureStatuses, meta.err and preflight error data) and its Display
// text (as in "Transaction simulation failed: …").
//
// LiteSVM 1.5.0 reports a fieldless error as a bare number (a `const enum` that exists only in its
// internal.d.ts, not at run time) and the others as small native objects, so the variant names are
// listed here in the order of its TransactionErrorFieldless and InstructionErrorFieldless enums.
// (Its agave 4 crates made BorshIoError fieldless: number 52; the object form is kept for the type.)
import type { FailedTransactionMetadata } from 'litesvm';

const TX_ERRORS =
  `AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee
  InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee
  InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance
  AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount
  WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks
  AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData
  InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit
  WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded
  InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled`.split(
    /\s+/,
  );

const INSTRUCTION_ERRORS =
  `GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall
  InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount
  UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified
  ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified
  NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding
  DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange
  ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed
  MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation
  ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority
  AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner
  MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded
  BuiltinProgramsMustConsumeComputeUnits BorshIoError`.split(/\s+/);

/** Display texts of the errors a client most often sees (agave's solana-transaction-error). */
const TX_TEXT: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
};
const INSTRUCTION_TEXT: Record<string, string> = {
  InvalidArgument: 'invalid program argument',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
};

/** A TransactionError in its JSON form: "BlockhashNotFound", {InstructionError: [0, {Custom: 1}]}, … */
export type TxErrorJson = string | Record<string, unknown>;

type NativeError = ReturnType<FailedTransactionMetadata['err']>;
type NativeInstructionError = number | { code?: number; msg?: string };

function instructionErrorJson(e: NativeInstructionError): TxErrorJson {
  if (typeof e === 'number') return INSTRUCTION_ERRORS[e] ?? `InstructionError${e}`;
  if (e.code !== undefined) return { Custom: e.code };
  return { BorshIoError: e.msg ?? '' };
}

export function txErrorJson(err: NativeError): TxErrorJson {
  if (typeof err === 'number') return TX_ERRORS[err] ?? `TransactionError${err}`;
  if ('err' in err) return { InstructionError: [err.index, instructionErrorJson(err.err())] };
  if ('index' in err) return { DuplicateInstruction: err.index };
  // The last two carry only an account index; the native class name tells them apart.
  const name = err.constructor.name.includes('Restricted')
    ? 'ProgramExecutionTemporarilyRestricted'
    : 'InsufficientFundsForRent';
  return { [name]: { account_index: err.accountIndex } };
}

/** The error's Display text, as a node puts it after "Transaction simulation failed: ". */
export function txErrorText(err: TxErrorJson): string {
  if (typeof err === 'string') return TX_TEXT[err] ?? err;
  const [name, value] = Object.entries(err)[0] ?? ['Unknown', null];
  if (name === 'InstructionError' && Array.isArray(value)) {
    const [index, inner] = value as [number, TxErrorJson];
    let text: string;
    if (typeof inner === 'string') text = INSTRUCTION_TEXT[inner] ?? inner;
    else if ('Custom' in inner) text = `custom program error: 0x${Number(inner.Custom).toString(16)}`;
    else text = JSON.stringify(inner);
    return `Error processing Instruction ${index}: ${text}`;
  }
  if (name === 'InsufficientFundsForRent') {
    const index = (value as { account_index: number }).account_index;
    return `Transaction results in an account (${index}) with insufficient funds for rent`;
  }
  return `${name} ${JSON.stringify(value)}`;
}

/** A JSON-RPC error reply's body; thrown by methods and turned into `{error}` by the dispatcher. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, `Invalid param: ${message}`);
