import { describe, expect, it } from 'vitest';
import { typedDataHashes } from './typed-data-hashes';

// The "Mail" example of EIP-712 itself, with the hashes the EIP publishes (eips.ethereum.org/EIPS/eip-712,
// its Example.js: domain separator, hashStruct(message) and the signed digest).
const MAIL = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
};

describe('typedDataHashes', () => {
  it('gives the domain, message and digest hashes EIP-712 publishes for its Mail example', () => {
    expect(typedDataHashes(MAIL)).toEqual({
      domain: '0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f',
      message: '0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e',
      digest: '0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2',
    });
  });

  it('changes every hash it should when the data changes', () => {
    const other = typedDataHashes({ ...MAIL, message: { ...MAIL.message, contents: 'Hello, Alice!' } });
    const base = typedDataHashes(MAIL);
    expect(other.domain).toBe(base.domain);
    expect(other.message).not.toBe(base.message);
    expect(other.digest).not.toBe(base.digest);
  });
});
