import type { FamilyAdapter, SignerRecord } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { SignerAddress } from '../../db/schema';

/** A stored signer key as the family adapter reads it. */
export function signerRecord(signer: SignerAddress): SignerRecord {
  return {
    family: signer.family,
    chainKey: signer.chain_key ?? '',
    address: signer.address,
    fingerprint: signer.fingerprint,
    derivationPath: signer.derivation_path,
  };
}

/** The family adapter that checks this key: its chain's, or any chain's of its family (EVM owners). */
export function signerFamily(ctx: AppContext, signer: SignerAddress): FamilyAdapter {
  return signer.chain_key ? ctx.chains.family(signer.chain_key) : ctx.chains.familyOfKind(signer.family);
}
