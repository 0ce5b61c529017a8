/**
 * APDU exchanges of Ledger's Tron app recorded from a real device and published by Ledger with
 * hw-app-trx's own tests: LedgerHQ/ledger-live, libs/ledgerjs/packages/hw-app-trx/tests/Trx.test.ts
 * at commit 6cfb9170be1507ac02aa0d333e950f5b510b0043 (the same exchanges ship in the npm package
 * @ledgerhq/hw-app-trx 6.36.6, tests/Trx.test.ts). Copied byte for byte; replayed through Ledger's
 * transport mocker. They are facts, not code: the tests check them independently (the address
 * from the public key, each signature recovered over its digest), so a wrong recording fails.
 *
 * All are for m/44'/195'/0'/0/0. The recorded transaction is NOT one our server builds: a
 * TransferContract of 100 TRX from TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH to itself with a `data`
 * memo ("CryptoChain-TronSR Ledger Transactions Tests") and no permission id (owner, 0); ours use
 * the active permission (id 2), no memo, and TRC-20 transfers are TriggerSmartContract calls.
 */
export const TRX_TEST = {
  /** Ledger's published path; the device's first Tron account in Ledger Live. */
  path: "m/44'/195'/0'/0/0",

  /** getAddress, not shown, no chain code: 65-byte public key, then the address in ASCII. */
  getAddress: `
    => e002000015058000002c800000c3800000000000000000000000
    <= 41040357bda0e415396eab766d392d5b996eb4a0bec6ccbb166d581341ebb50ebb54c30b365823884d8169e4c784373f0d3b871f3d16bca0b33a292d98f6cf07855a225457646e57427a4664425031623873715a3552634644626b563373426d6e787359759000
  `,

  /** The address the recording names (Ledger's test expects it). */
  address: 'TWdnWBzFdBP1b8sqZ5RcFDbkV3sBmnxsYu',

  /** The raw data (protobuf) the signTransaction recording signs. */
  rawData:
    '0a023dce220895da42177db0050740d8e0a5feed2d522c43727970746f436861696e2d54726f6e5352204c6564676572205472616e73616374696f6e732054657374735a68080112640a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412330a1541c8599111f29c1e1e061265b4af93ea1f274ad78a121541c8599111f29c1e1e061265b4af93ea1f274ad78a1880c2d72f709d94a2feed2d',

  /** signTransaction: one APDU (P1 0x10, first and last), the path then the raw data; r‖s‖v (v 0/1). */
  signTransaction: `
    => e0041000c9058000002c800000c38000000000000000000000000a023dce220895da42177db0050740d8e0a5feed2d522c43727970746f436861696e2d54726f6e5352204c6564676572205472616e73616374696f6e732054657374735a68080112640a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412330a1541c8599111f29c1e1e061265b4af93ea1f274ad78a121541c8599111f29c1e1e061265b4af93ea1f274ad78a1880c2d72f709d94a2feed2d
    <= 3816b17b81c0a528b9f7506029473c82a3931945999426550a18d788651cb59d2d674a2386501107af2d51a106a67f8cf2e6adf2aded3220b6d1fc9847aec7c0009000
  `,

  /** The message the signPersonalMessage recording signs (UTF-8). */
  message: 'CryptoChain-TronSR Ledger Transactions Tests',

  /** signPersonalMessage: the path, the length (4 bytes), the message; r‖s‖v (v 0/1). */
  signPersonalMessage: `
    => e008000045058000002c800000c38000000000000000000000000000002c43727970746f436861696e2d54726f6e5352204c6564676572205472616e73616374696f6e73205465737473
    <= af4fb6500ff9058835b564d43078d5b201b71a3d3ead0d113baf68c86199f5ef1ee8f6ea48016a991e9d4bff410b8a77ba604850a03ac5f9cfd5fd95e25842fc019000
  `,
};
