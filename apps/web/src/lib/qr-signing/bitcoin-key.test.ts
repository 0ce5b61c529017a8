import { describe, expect, it } from 'vitest';
import { BIP32Factory } from 'bip32';
import * as ecc from 'tiny-secp256k1';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  CryptoAccount,
  CryptoHDKey,
  CryptoKeypath,
  CryptoOutput,
  PathComponent,
  ScriptExpressions,
} from '@keystonehq/bc-ur-registry';
import { bitcoinKeyFromUr } from './ur-codec';

// The reference: bitcoinjs' bip32 (another implementation than the page's @scure/bip32) derives
// the BIP-48 P2WSH account key of the BIP-39 test phrase; a device exports it as Sparrow and
// Keystone do (crypto-hdkey with origin, master fingerprint and parent fingerprint, or inside a
// crypto-account), and the page must arrive at the same extended public key.
const bip32 = BIP32Factory(ecc);
const TESTNET = {
  messagePrefix: '\x18Bitcoin Signed Message:\n',
  bech32: 'tb',
  bip32: { public: 0x043587cf, private: 0x04358394 },
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
};
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const master = bip32.fromSeed(mnemonicToSeedSync(PHRASE), TESTNET);
const PATH = "m/48'/1'/0'/2'";
const account = master.derivePath(PATH);
const parent = master.derivePath("m/48'/1'/0'");
const fingerprint = Buffer.from(master.fingerprint).toString('hex');

function exported(withParent: boolean): CryptoHDKey {
  return new CryptoHDKey({
    isMaster: false,
    key: Buffer.from(account.publicKey),
    chainCode: Buffer.from(account.chainCode),
    origin: new CryptoKeypath(
      [48, 1, 0, 2].map((index) => new PathComponent({ index, hardened: true })),
      Buffer.from(fingerprint, 'hex'),
      4,
    ),
    ...(withParent ? { parentFingerprint: Buffer.from(parent.fingerprint) } : {}),
  });
}

describe('a Bitcoin multisig key from a device export', () => {
  it('is the tpub bitcoinjs derives, with the master fingerprint and path', () => {
    expect(bitcoinKeyFromUr(exported(true).toUR(), 'test')).toEqual({
      xpub: account.neutered().toBase58(),
      fingerprint,
      path: PATH,
    });
  });

  it('without the parent fingerprint (Keystone leaves it out) still carries the same key and chain code', () => {
    const read = bip32.fromBase58(bitcoinKeyFromUr(exported(false).toUR(), 'test').xpub, TESTNET);
    expect(Buffer.from(read.publicKey).equals(Buffer.from(account.publicKey))).toBe(true);
    expect(Buffer.from(read.chainCode).equals(Buffer.from(account.chainCode))).toBe(true);
    expect([read.depth, read.index]).toEqual([4, 0x80000002]);
  });

  it('is the BIP-48 P2WSH key of a crypto-account', () => {
    const single = new CryptoHDKey({
      isMaster: false,
      key: Buffer.from(master.derivePath("m/84'/1'/0'").publicKey),
      chainCode: Buffer.from(master.derivePath("m/84'/1'/0'").chainCode),
      origin: new CryptoKeypath(
        [84, 1, 0].map((index) => new PathComponent({ index, hardened: true })),
        Buffer.from(fingerprint, 'hex'),
      ),
    });
    const ur = new CryptoAccount(Buffer.from(fingerprint, 'hex'), [
      new CryptoOutput([ScriptExpressions.WITNESS_PUBLIC_KEY_HASH], single),
      new CryptoOutput([ScriptExpressions.WITNESS_SCRIPT_HASH], exported(true)),
    ]).toUR();
    expect(bitcoinKeyFromUr(ur, 'test')).toEqual(bitcoinKeyFromUr(exported(true).toUR(), 'test'));
  });
});
