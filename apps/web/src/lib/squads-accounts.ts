/** Squads v4's program, and the accounts it derives from a multisig (the program's seeds). */
export const SQUADS_V4 = 'SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf';

/** The Squads program address whose seeds are "multisig", the multisig's key, then `rest`. */
async function squadsAddress(multisig: string, rest: (string | Uint8Array)[]): Promise<string> {
  const { PublicKey } = await import('@solana/web3.js');
  const seed = (part: string | Uint8Array) =>
    typeof part === 'string' ? new TextEncoder().encode(part) : part;
  const seeds = [seed('multisig'), new PublicKey(multisig).toBytes(), ...rest.map(seed)];
  return PublicKey.findProgramAddressSync(seeds, new PublicKey(SQUADS_V4))[0].toBase58();
}

/** The multisig's vault `vaultIndex` (the account that holds and sends the funds). */
export const vaultOf = (multisig: string, vaultIndex = 0) =>
  squadsAddress(multisig, ['vault', Uint8Array.of(vaultIndex)]);

/** The `VaultTransaction` and `Proposal` accounts of transaction `index`. */
export async function transactionAccountsOf(multisig: string, index: string) {
  const le = new Uint8Array(8);
  new DataView(le.buffer).setBigUint64(0, BigInt(index), true);
  return {
    transaction: await squadsAddress(multisig, ['transaction', le]),
    proposal: await squadsAddress(multisig, ['transaction', le, 'proposal']),
  };
}
