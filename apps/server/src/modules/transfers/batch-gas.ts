import { EXEC_GAS_HINT } from './transfer-fee-tiers';

/**
 * A Safe batch's execution gas, for the estimate: the single-transfer hint plus, per row, what a
 * MultiSend call costs at most — a coin payment to a new account, or an ERC-20 transfer to a new
 * holder (a fresh storage slot), each with its calldata. The batch API test prints the estimate
 * against the gas a 200-row batch used on the devnet (about 31,000 per row there).
 */
export const BATCH_GAS_PER_COIN_ROW = 36_000n;
export const BATCH_GAS_PER_TOKEN_ROW = 38_000n;

/** EIP-7825: no transaction may use more than 2^24 gas; the broadcast adds 30 % to the estimate. */
const MAX_BATCH_GAS = (16_777_216n * 10n) / 13n;

/** Recipients one Safe batch can pay whatever its rows (all ERC-20), under the per-transaction cap. */
export const EVM_BATCH_MAX_ROWS = Number((MAX_BATCH_GAS - EXEC_GAS_HINT) / BATCH_GAS_PER_TOKEN_ROW);

/** The execution gas a Safe batch of these rows (true: an ERC-20 row) is estimated at. */
export function batchGas(tokenRows: boolean[]): bigint {
  return tokenRows.reduce(
    (gas, token) => gas + (token ? BATCH_GAS_PER_TOKEN_ROW : BATCH_GAS_PER_COIN_ROW),
    EXEC_GAS_HINT,
  );
}
