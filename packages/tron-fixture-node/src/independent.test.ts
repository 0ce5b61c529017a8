import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import {
  addressFromPublicKey,
  base58ToHex,
  decodeRawData,
  decodeTransaction,
  decodeTrc20Transfer,
  encodeRawData,
  encodeTransaction,
  hexToBase58,
  permissionAllows,
  rawDataToJson,
  recoverSigner,
  txIdOf,
  weightOfSignatures,
} from './independent.js';
import {
  BITGO_PERMISSION_UPDATE,
  BITGO_TOKEN_TX,
  BITGO_TWO_SIGNATURES,
  TREZOR_ADDRESS_0,
  TREZOR_ADDRESS_1,
  TREZOR_SIGN_TX,
  TREZOR_TRANSFER_RAW_JSON,
  TREZOR_USDT_RAW_JSON,
  TRONWEB_ADDRESS,
  TRONWEB_HELLO_WORLD,
  TRONWEB_KEYS,
  TRONWEB_SIGNED_HEX_TRANSACTION,
} from './published-vectors.js';

describe('Trezor firmware tron/sign_tx.json vectors', () => {
  for (const v of TREZOR_SIGN_TX) {
    it(`Trezor ${v.name}: tx id, and the signature recovers to the Trezor address`, () => {
      const txId = txIdOf(v.rawDataHex);
      if (v.txID) expect(txId).toBe(v.txID);
      expect(recoverSigner(txId, v.signature)).toBe(v.signer);
      // decoding and re-encoding the fields gives back the same bytes
      expect(encodeRawData(rawDataToJson(v.rawDataHex))).toBe(v.rawDataHex);
      expect(encodeRawData(rawDataToJson(v.rawDataHex, false))).toBe(v.rawDataHex);
    });
  }

  it('Trezor TransferContract: decoded fields and the fixture raw JSON (visible=false) encode to raw_data_hex', () => {
    const v = TREZOR_SIGN_TX[0]!;
    const d = decodeRawData(v.rawDataHex);
    expect(d).toMatchObject({ refBlockBytes: 'e942', refBlockHash: '6394747da9fee421' });
    expect(d.expiration).toBe(1752562632000);
    expect(d.timestamp).toBe(1752562572000);
    expect(d.contract).toMatchObject({
      type: 'TransferContract',
      permissionId: 0,
      value: { owner_address: TREZOR_ADDRESS_0, to_address: TREZOR_ADDRESS_1, amount: 18123456n },
    });
    expect(encodeRawData(TREZOR_TRANSFER_RAW_JSON)).toBe(v.rawDataHex);
    expect(rawDataToJson(v.rawDataHex, false)).toEqual(TREZOR_TRANSFER_RAW_JSON);
  });

  it('Trezor TransferContract_amount_int64_max: the amount decodes exactly as 2^63-1', () => {
    const d = decodeRawData(TREZOR_SIGN_TX[2]!.rawDataHex);
    expect(d.contract.type === 'TransferContract' && d.contract.value.amount).toBe(9223372036854775807n);
  });

  it('Trezor Note_hello_world: the memo is raw.data', () => {
    expect(decodeRawData(TREZOR_SIGN_TX[3]!.rawDataHex).data).toBe(bytesToHex(utf8ToBytes('hello world!')));
  });

  it('Trezor TriggerSmartContract_USDT_transfer: fee limit, contract, transfer(address,uint256) call data', () => {
    const v = TREZOR_SIGN_TX.find((t) => t.name === 'TriggerSmartContract_USDT_transfer')!;
    const d = decodeRawData(v.rawDataHex);
    expect(d.feeLimit).toBe(50000000);
    expect(d.contract.type).toBe('TriggerSmartContract');
    if (d.contract.type !== 'TriggerSmartContract') return;
    expect(d.contract.value.contract_address).toBe(hexToBase58('4142a1e39aefa49290f2b3f9ed688d7cecf86cd6e0'));
    expect(decodeTrc20Transfer(d.contract.value.data)).toEqual({
      to: hexToBase58('41d093f24888ab06073a4bdffbb8107db1ea9dc0a0'),
      amount: 0x13bb450n,
    });
    expect(encodeRawData(TREZOR_USDT_RAW_JSON)).toBe(v.rawDataHex);
  });

  it('Trezor TriggerSmartContract_USDD_transfer: an 18-decimals amount (20e18) decodes exactly', () => {
    const d = decodeRawData(
      TREZOR_SIGN_TX.find((t) => t.name === 'TriggerSmartContract_USDD_transfer')!.rawDataHex,
    );
    if (d.contract.type !== 'TriggerSmartContract') throw new Error('type');
    expect(decodeTrc20Transfer(d.contract.value.data).amount).toBe(20n * 10n ** 18n);
  });

  it('Trezor vectors: a signature over another tx id recovers to someone else', () => {
    const [a, , , b] = TREZOR_SIGN_TX;
    expect(recoverSigner(txIdOf(b!.rawDataHex), a!.signature)).not.toBe(TREZOR_ADDRESS_0);
  });
});

describe('tronweb test vectors', () => {
  it('tronweb config.ts: ADDRESS_HEX and ADDRESS_BASE58 are the same address', () => {
    expect(hexToBase58(TRONWEB_ADDRESS.hex)).toBe(TRONWEB_ADDRESS.base58);
    expect(base58ToHex(TRONWEB_ADDRESS.base58)).toBe(TRONWEB_ADDRESS.hex);
  });

  for (const k of TRONWEB_KEYS) {
    it(`tronweb sign-message.ts: private key ${k.privateKey.slice(0, 8)}… → ${k.address}`, () => {
      expect(addressFromPublicKey(secp256k1.getPublicKey(k.privateKey, true))).toBe(k.address);
      expect(addressFromPublicKey(secp256k1.getPublicKey(k.privateKey, false))).toBe(k.address);
    });
  }

  it('tronweb sign-message.ts "hello world": TRON message hash, and the signature recovers to its address', () => {
    const msg = utf8ToBytes(TRONWEB_HELLO_WORLD.message);
    const hash = keccak_256(concatBytes(utf8ToBytes(`\x19TRON Signed Message:\n${msg.length}`), msg));
    expect(bytesToHex(hash)).toBe(TRONWEB_HELLO_WORLD.messageHash);
    expect(recoverSigner(TRONWEB_HELLO_WORLD.messageHash, TRONWEB_HELLO_WORLD.signature)).toBe(
      TRONWEB_HELLO_WORLD.address,
    );
  });

  it('tronweb config.ts SIGNED_HEX_TRANSACTION: whole Transaction protobuf, signed by its owner', () => {
    const tx = decodeTransaction(TRONWEB_SIGNED_HEX_TRANSACTION);
    expect(tx.signatures).toHaveLength(1);
    expect(tx.rawData.contract).toMatchObject({
      type: 'TransferContract',
      value: { owner_address: hexToBase58('41fbbb1a37f9fbc18a3e2b8fd8c0823251cd3b8ee8'), amount: 1000000n },
    });
    expect(recoverSigner(tx.txID, tx.signatures[0]!)).toBe(
      hexToBase58('41fbbb1a37f9fbc18a3e2b8fd8c0823251cd3b8ee8'),
    );
    expect(encodeTransaction(tx.rawDataHex, tx.signatures)).toBe(TRONWEB_SIGNED_HEX_TRANSACTION);
  });
});

describe('BitGo sdk-coin-trx test/resources.ts vectors', () => {
  const v = BITGO_PERMISSION_UPDATE;

  it('BitGo SignedAccountPermissionUpdateContractTx: raw_data JSON encodes to raw_data_hex, tx id, signer', () => {
    expect(encodeRawData(v.rawData)).toBe(v.rawDataHex);
    expect(txIdOf(v.rawDataHex)).toBe(v.txID);
    const signer = addressFromPublicKey(secp256k1.getPublicKey(v.privateKey.toLowerCase()));
    expect(signer).toBe(hexToBase58('41ca42a499a2eee394323baa2c2f7d8a764ce0689c'));
    expect(recoverSigner(v.txID, v.signature)).toBe(signer);
  });

  it('BitGo AccountPermissionUpdateContract: decoded owner and active permissions', () => {
    const d = decodeRawData(v.rawDataHex);
    if (d.contract.type !== 'AccountPermissionUpdateContract') throw new Error('type');
    const { owner, actives } = d.contract.value;
    expect(owner).toMatchObject({ type: 'Owner', permission_name: 'owner', threshold: 2 });
    expect(owner.keys.map((k) => k.weight)).toEqual([1, 1, 1]);
    expect(actives).toHaveLength(1);
    expect(actives[0]).toMatchObject({ type: 'Active', permission_name: 'active0', threshold: 2 });
    expect(permissionAllows(actives[0]!.operations!, 'TransferContract')).toBe(true);
    expect(permissionAllows(actives[0]!.operations!, 'TriggerSmartContract')).toBe(true);
    // 7fff1fc0037e…: byte 5 = 0x7e sets bit 6 (type 46); byte 6 = 0 leaves ClearABIContract (48) out
    expect(permissionAllows(actives[0]!.operations!, 'AccountPermissionUpdateContract')).toBe(true);
    expect(permissionAllows(actives[0]!.operations!, 'ClearABIContract')).toBe(false);
  });

  it('BitGo AccountPermissionUpdateContract: one signature of its 2-of-3 owner permission does not reach it; a repeat counts 0', () => {
    const d = decodeRawData(v.rawDataHex);
    if (d.contract.type !== 'AccountPermissionUpdateContract') throw new Error('type');
    const once = weightOfSignatures(d.contract.value.owner, v.txID, [v.signature]);
    expect(once).toMatchObject({ total: 1, reached: false });
    const twice = weightOfSignatures(d.contract.value.owner, v.txID, [v.signature, v.signature]);
    expect(twice.total).toBe(1);
    expect(twice.signers[1]).toMatchObject({ weight: 0, reason: 'duplicate' });
  });

  it('BitGo SecondSigOnBuildTransaction: two signatures by two BitGo keys reach a 2-of-2; an unknown key counts 0', () => {
    const b = BITGO_TWO_SIGNATURES;
    expect(txIdOf(b.rawDataHex)).toBe(b.txID);
    const permission = {
      threshold: 2,
      keys: [
        { address: b.owner, weight: 1 },
        { address: b.second, weight: 1 },
      ],
    };
    expect(weightOfSignatures(permission, b.txID, b.signatures)).toMatchObject({ total: 2, reached: true });
    const onlyOwner = { threshold: 2, keys: [{ address: b.owner, weight: 1 }] };
    const r = weightOfSignatures(onlyOwner, b.txID, b.signatures);
    expect(r).toMatchObject({ total: 1, reached: false });
    expect(r.signers[0]).toMatchObject({
      address: hexToBase58(b.second),
      weight: 0,
      reason: 'not-in-permission',
    });
  });

  it('BitGo mockTokenTx: TriggerSmartContract with fee_limit, transfer to 414887…, 1e9 units', () => {
    const t = BITGO_TOKEN_TX;
    expect(txIdOf(t.rawDataHex)).toBe(t.txID);
    const d = decodeRawData(t.rawDataHex);
    expect(d.feeLimit).toBe(t.feeLimit);
    if (d.contract.type !== 'TriggerSmartContract') throw new Error('type');
    expect(decodeTrc20Transfer(d.contract.value.data)).toEqual({
      to: hexToBase58(t.recipientHex),
      amount: t.amount,
    });
  });
});

describe('independent reader: refusals', () => {
  it('a signature that is not 65 bytes, and call data that is not transfer(address,uint256), are refused', () => {
    expect(() => recoverSigner(TREZOR_SIGN_TX[0]!.txID!, 'ab'.repeat(64))).toThrow(/65 expected/);
    expect(() => decodeTrc20Transfer('095ea7b3' + '00'.repeat(64))).toThrow(/not a transfer/);
    expect(() => permissionAllows('00', 1)).toThrow(/32 bytes/);
  });
});
