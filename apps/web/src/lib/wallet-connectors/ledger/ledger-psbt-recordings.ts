/**
 * APDU exchanges of Ledger's Bitcoin app in its legacy protocol (the protocol of Ledger's Litecoin
 * app), recorded from a real device and published by Ledger with hw-app-btc's own tests:
 * LedgerHQ/ledger-live, libs/ledgerjs/packages/hw-app-btc/tests/Btc.test.ts at commit
 * 0e31165cc16717e4a676d61540c42a645a65c2e5, tests "btc 2" (the public key at 0'/0/0) and "btc sign
 * p2sh seg" (a segwit multisig signature at 0'/0/0). Copied byte for byte; replayed through
 * Ledger's transport mocker. They are facts, not code: the tests check the signature with their
 * own BIP-143 digest and secp256k1, so a wrong recording fails.
 *
 * The recorded spend is NOT one of our wallets': a 1-of-2 script (the device's key 026666…41 and
 * another) whose coin is a P2SH output; the digest commits to the script and the amount only, as
 * for our P2WSH inputs.
 */
export const BTC_LEGACY = {
  /** The signing path of both recordings. */
  path: "0'/0/0",

  /** getWalletPublicKey(0'/0/0), not shown, legacy format ("btc 2"): the uncompressed key first. */
  publicKey: `
    => e04000000d03800000000000000000000000
    <= 41046666422d00f1b308fc7527198749f06fedb028b979c09f60d0348ef79c985e4138b86996b354774c434488d61c7fb20a83293ef3195d422fde9354e6cf2a74ce223137383731457244716465764c544c57424836577a6a556331454b4744517a434d41612d17bc55b7aa153ae07fba348692c2976e6889b769783d475ba7488fb547709000
  `,

  /** The previous transaction ("btc sign p2sh seg"'s tx1); output 0 is the coin spent (10 000 sat). */
  previousTx:
    '0100000001d3a05cd6e15582f40e68bb8b1559dc9e5b3e4f9f34d92c1217dc8c3355bc844e010000008a47304402207ab1a4768cbb036d4bce3c4a294c13cc5ae6076fc7bedce88c62aa80ae366da702204f8fea6923f8df36315c0c26cb42d8d7ab52ca4736776816e10d6ce51906d0600141044289801366bcee6172b771cf5a7f13aaecd237a0b9a1ff9d769cabc2e6b70a34cec320a0565fb7caf11b1ca2f445f9b7b012dda5718b3cface369ee3a034ded6ffffffff02102700000000000017a9141188cc3c265fbc01a025fc8adec9823effd0cef187185f9265170100001976a9140ae1441568d0d293764a347b191025c51556cecd88ac00000000',

  /** The multisig script signed for (1-of-2). */
  witnessScript:
    '5121026666422d00f1b308fc7527198749f06fedb028b979c09f60d0348ef79c985e41210384257cf895f1ca492bbee5d7485ae0ef479036fdf59e15b92e37970a98d6fe7552ae',

  /** The one output: 5 000 sat to a P2PKH script, version 1, lock time 0. */
  output: { value: 5000n, script: '76a9140ae1441568d0d293764a347b191025c51556cecd88ac' },

  /** signP2SHTransaction with segwit ("btc sign p2sh seg"). */
  sign: `
    => e0440002050100000001
    <= 9000
    => e04480022e021ba3852a59cded8d2760434fa75af58a617b21e4fbe1cf9c826ea2f14f80927d00000000102700000000000000
    <= 9000
    => e044800204ffffffff
    <= 9000
    => e04a8000230188130000000000001976a9140ae1441568d0d293764a347b191025c51556cecd88ac
    <= 00009000
    => e0440080050100000001
    <= 9000
    => e04480802e021ba3852a59cded8d2760434fa75af58a617b21e4fbe1cf9c826ea2f14f80927d00000000102700000000000047
    <= 9000
    => e0448080325121026666422d00f1b308fc7527198749f06fedb028b979c09f60d0348ef79c985e41210384257cf895f1ca492bbee5d748
    <= 9000
    => e0448080195ae0ef479036fdf59e15b92e37970a98d6fe7552aeffffffff
    <= 9000
    => e04800001303800000000000000000000000000000000001
    <= 3045022100932934ee326c19c81b72fb03cec0fb79ff980a8076639f77c7edec35bd59da1e02205e4030e8e0fd2405f6db2fe044c49d3f191adbdc0e05ec7ed4dcc4c6fe7310e5019000
  `,
} as const;
