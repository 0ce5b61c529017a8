// Transaction engine results the fixture can return, with rippled's numbers and messages
// (include/xrpl/protocol/TER.h and src/libxrpl/protocol/TER.cpp). Only tes and tec results are
// applied (tec ones charge the fee and use the sequence); tef, tel, tem and ter change nothing.

const RESULTS = {
  tesSUCCESS: [0, 'The transaction was applied. Only final in a validated ledger.'],
  tecPATH_PARTIAL: [101, 'Path could not send full amount.'],
  tecUNFUNDED_PAYMENT: [104, 'Insufficient XRP balance to send.'],
  tecNO_DST: [124, 'Destination does not exist. Send XRP to create it.'],
  tecNO_DST_INSUF_XRP: [125, 'Destination does not exist. Too little XRP sent to create it.'],
  tecPATH_DRY: [128, 'Path could not send partial amount.'],
  tecNO_ALTERNATIVE_KEY: [
    130,
    'The operation would remove the ability to sign transactions with the account.',
  ],
  tecINSUFFICIENT_RESERVE: [141, 'Insufficient reserve to complete requested operation.'],
  tecNEED_MASTER_KEY: [142, 'The operation requires the use of the Master Key.'],
  tecDST_TAG_NEEDED: [143, 'A destination tag is required.'],
  tefALREADY: [-198, 'The exact transaction was already in this ledger.'],
  tefBAD_AUTH: [-196, "Transaction's public key is not authorized."],
  tefPAST_SEQ: [-190, 'This sequence number has already passed.'],
  tefMASTER_DISABLED: [-188, 'Master key is disabled.'],
  tefMAX_LEDGER: [-187, 'Ledger sequence too high.'],
  tefBAD_SIGNATURE: [-186, 'A signature is provided for a non-signer.'],
  tefBAD_QUORUM: [-185, 'Signatures provided do not meet the quorum.'],
  tefNOT_MULTI_SIGNING: [-184, 'Account has no appropriate list of multi-signers.'],
  telINSUF_FEE_P: [-394, 'Fee insufficient.'],
  temMALFORMED: [-299, 'Malformed transaction.'],
  temBAD_AMOUNT: [-298, 'Malformed: Bad amount.'],
  temBAD_CURRENCY: [-297, 'Malformed: Bad currency.'],
  temBAD_FEE: [-295, 'Invalid fee, negative or not XRP.'],
  temBAD_SIGNATURE: [-282, 'Malformed: Bad signature.'],
  temBAD_SEND_XRP_MAX: [-287, 'Malformed: Send max is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_PARTIAL: [-285, 'Malformed: Partial payment is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_PATHS: [-284, 'Malformed: Paths are not allowed for XRP to XRP.'],
  temDST_NEEDED: [-278, 'Destination not specified.'],
  temINVALID_FLAG: [-276, 'The transaction has an invalid flag.'],
  temREDUNDANT: [-275, 'The transaction is redundant.'],
  temBAD_SIGNER: [-272, 'Malformed: No signer may duplicate account or other signers.'],
  temBAD_QUORUM: [-271, 'Malformed: Quorum is unreachable.'],
  temBAD_WEIGHT: [-270, 'Malformed: Weight must be a positive value.'],
  temUNKNOWN: [-264, 'The transaction requires logic that is not implemented yet.'],
  terINSUF_FEE_B: [-97, "Account balance can't pay fee."],
  terNO_ACCOUNT: [-96, 'The source account does not exist.'],
  terPRE_SEQ: [-92, 'Missing/inapplicable prior transaction.'],
} as const satisfies Record<string, readonly [number, string]>;

export type EngineResult = keyof typeof RESULTS;

export const ENGINE_RESULTS: Readonly<Record<EngineResult, readonly [number, string]>> = RESULTS;

export const resultCode = (result: EngineResult): number => RESULTS[result][0];
export const resultMessage = (result: EngineResult): string => RESULTS[result][1];

/** tes and tec results are in the ledger; everything else leaves it as it was. */
export const isApplied = (result: EngineResult): boolean =>
  result === 'tesSUCCESS' || result.startsWith('tec');

/** What submit reports beside the result: applied, relayed, held for a later ledger. */
export function submitFlags(result: EngineResult) {
  const applied = isApplied(result);
  const kept = applied || result.startsWith('ter'); // rippled holds ter results for a retry
  return { accepted: applied || kept, applied, broadcast: applied, kept, queued: false };
}
