// The adapter's own code (xrpl.js, ripple-binary-codec, ripple-keypairs underneath) against
// published XRP Ledger vectors, as collected in the fixture package with their sources named:
// the XRPL docs' two multisigned TrustSets (submit_multisigned) and ripple-keypairs' signed
// message fixtures.
import { describe, expect, it } from 'vitest';
import { DOCS_MULTISIGNED, KEYPAIRS_API } from '@keystead/xrpl-fixture-node/published-vectors';
import { chainByKey } from '../chain-table';
import { createXrplAdapter } from './adapter';
import { decodeBlob, multisignedBlob, txHashOf, validSigner, type XrpSigner, type XrpTx } from './codec';

const chain = createXrplAdapter({ info: chainByKey('xrp')!, rpcUrl: 'http://127.0.0.1:9' });

describe('XRP codec and signatures against published vectors', () => {
  for (const [i, vector] of DOCS_MULTISIGNED.entries()) {
    it(`docs multisigned TrustSet ${i + 1}: each Signer verifies, the blob and hash are reproduced`, () => {
      const { Signers, ...tx } = decodeBlob(vector.txBlob)! as XrpTx & { Signers: XrpSigner[] };
      expect(Signers).toHaveLength(2);
      for (const entry of Signers) expect(validSigner(tx as XrpTx, entry)).toBe(true);
      // The adapter orders the Signers itself, whatever order they were collected in.
      expect(multisignedBlob(tx as XrpTx, [...Signers].reverse())).toBe(vector.txBlob);
      expect(txHashOf(vector.txBlob)).toBe(vector.hash);
      // Another limit: no signature holds.
      const changed = { ...tx, LimitAmount: { ...(tx.LimitAmount as object), value: '101' } } as XrpTx;
      for (const entry of Signers) expect(validSigner(changed, entry)).toBe(false);
    });
  }

  it("ripple-keypairs' signed messages prove their accounts (both key types); another account is refused", async () => {
    for (const key of [KEYPAIRS_API.secp256k1, KEYPAIRS_API.ed25519]) {
      const proof = `${key.publicKey}:${key.signature}`;
      expect(await chain.verifyMessage(key.address, KEYPAIRS_API.message, proof)).toBe(true);
      expect(await chain.verifyMessage(key.address, `${KEYPAIRS_API.message}.`, proof)).toBe(false);
    }
    const other = KEYPAIRS_API.ed25519.address;
    const secp = KEYPAIRS_API.secp256k1;
    expect(
      await chain.verifyMessage(other, KEYPAIRS_API.message, `${secp.publicKey}:${secp.signature}`),
    ).toBe(false);
    const json = JSON.stringify({ public_key: secp.publicKey, signature: secp.signature });
    expect(await chain.verifyMessage(secp.address, KEYPAIRS_API.message, json)).toBe(true);
  });
});
