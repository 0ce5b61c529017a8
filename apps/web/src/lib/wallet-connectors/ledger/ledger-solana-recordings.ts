/**
 * APDU exchanges of Ledger's Solana app published by Ledger, copied byte for byte and replayed
 * through Ledger's transport mocker. They are facts, not code: the tests check them independently
 * (each address derived from the seed phrase below with SLIP-0010, each signature verified with
 * ed25519 over the bytes the APDU carries), so a wrong recording fails.
 *
 * - SOL_TEST: hw-app-solana's own tests, LedgerHQ/ledger-live,
 *   libs/ledgerjs/packages/hw-app-solana/tests/Solana.test.ts at commit
 *   668acef9d7806e4ae52571bf594f12173c40d927 (the same exchanges ship in the npm package
 *   @ledgerhq/hw-app-solana 7.11.0, tests/Solana.test.ts; at the older commit
 *   19edbe54dc0b37f534288c46e88df3ec111b9d9e the off-chain reply lacked its 9000 status).
 * - SOL_SCAN: Ledger Live's Solana account scan, LedgerHQ/ledger-live-common,
 *   src/families/solana/datasets/solana.scanAccounts.1.ts at commit
 *   13f544eadc066fe246be3c3adef0cbdfa67ed926 ("solana seed 1").
 *
 * Every key in them is SLIP-0010 ed25519 of Speculos's default seed (below): they were made on
 * Ledger's emulator running the Solana app, not on a physical device. The signed transactions
 * are small transfers, not Squads approvals, and the off-chain message is the app's first
 * format (version 0 without signers); no published recording was found of the current header.
 */

/** Speculos's default BIP-39 phrase (LedgerHQ/speculos): the seed of every recording here. */
export const SPECULOS_SEED_PHRASE =
  'glory promote mansion idle axis finger extra february uncover one trip resource lawn turtle enact monster seven myth punch hobby comfort wild raise skin';

export const SOL_TEST = {
  /** The path the signing recordings use: the Solana CLI's `usb://ledger` key. */
  path: "m/44'/501'",

  /** The transaction message signTransaction sends (legacy message, one signer: the key at the path). */
  message:
    '010001035eb9862fe23e544a2a0969cc157cb31fd72901cc2824d536a67fb8ee911e02363b9ba3a2ebaf40c1cd672a80a8e1932b982cca8264be33c39359701e113c3da20000000000000000000000000000000000000000000000000000000000000000030303030303030303030303030303030303030303030303030303030303030301020200010c020000002a00000000000000',

  /** signTransaction: P1 confirm, one path, the message; the 64-byte signature. */
  signTransaction: `
    => e0060100a001028000002c800001f5010001035eb9862fe23e544a2a0969cc157cb31fd72901cc2824d536a67fb8ee911e02363b9ba3a2ebaf40c1cd672a80a8e1932b982cca8264be33c39359701e113c3da20000000000000000000000000000000000000000000000000000000000000000030303030303030303030303030303030303030303030303030303030303030301020200010c020000002a00000000000000
    <= 1ad0702faddc8b2072c59547637c10e6affad2f186b69cf3288f2b029de2e309e1d73b73eb925a79f7b0d026ee07203d714e15807267001fbd3914de76a5490e9000
  `,

  /** A message longer than one APDU (seven transfers): sent in two, P2 "more" then "extend". */
  longMessage:
    '010001035eb9862fe23e544a2a0969cc157cb31fd72901cc2824d536a67fb8ee911e02363b9ba3a2ebaf40c1cd672a80a8e1932b982cca8264be33c39359701e113c3da20000000000000000000000000000000000000000000000000000000000000000030303030303030303030303030303030303030303030303030303030303030307020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000',

  signLongTransaction: `
    => e0060102ff01028000002c800001f5010001035eb9862fe23e544a2a0969cc157cb31fd72901cc2824d536a67fb8ee911e02363b9ba3a2ebaf40c1cd672a80a8e1932b982cca8264be33c39359701e113c3da20000000000000000000000000000000000000000000000000000000000000000030303030303030303030303030303030303030303030303030303030303030307020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a00000000000000020200010c020000002a
    <= 9000
    => e00601010700000000000000
    <= d9ed529ab24ab4e796c006cf85e7e51db85825b31d3477dd3bf8350745b7a9cdc29840442d96dbeca73289a06841655d9f5c342bd6f697dcfdb6dadf8a0784049000
  `,

  /** The off-chain message's text (printable ASCII: format 0). */
  offchainText: 'Long Off-Chain Test Message.',

  /** signOffchainMessage, first format: domain, version 0, format 0, length 28, the text. */
  signOffchainMessage: `
    => e00701003a01028000002c800001f5ff736f6c616e61206f6666636861696e00001c004c6f6e67204f66662d436861696e2054657374204d6573736167652e
    <= dd23d8f798aeb0085f97f3aae20e52866bf529e0d880959784ff0e91beaf6f2eb73b7b0ef484801399066b92561f6c523b27f9579e17d0f8106b33edc5f45b079000
  `,
};

export const SOL_SCAN = {
  /** The paths of the scan, in its order: m/44'/501', then m/44'/501'/i'/0'/0' for i = 0, 1, 2. */
  paths: ["m/44'/501'", "m/44'/501'/0'/0'/0'", "m/44'/501'/1'/0'/0'", "m/44'/501'/2'/0'/0'"],

  /** getAddress (no display) at m/44'/501': the key that signs SOL_TEST. */
  root: `
    => e005000009028000002c800001f5
    <= 5eb9862fe23e544a2a0969cc157cb31fd72901cc2824d536a67fb8ee911e02369000
  `,

  /** getAddress (no display) at m/44'/501'/0'/0'/0' (hw-app-solana's tests record the same reply). */
  first: `
    => e005000015058000002c800001f5800000008000000080000000
    <= 4d65a10662b9759d62bb59048366705454654cf4f9b4b3525cf314429e46c6919000
  `,

  /** getAddress (no display) at m/44'/501'/1'/0'/0' and m/44'/501'/2'/0'/0'. */
  next: `
    => e005000015058000002c800001f5800000018000000080000000
    <= d7ca6918d6747bf39cf8cf8a104f7a6f0ea7b13eb16971bdc40c90454155ba059000
    => e005000015058000002c800001f5800000028000000080000000
    <= a07c9ba6ebe6f2b61afc6c239528762829bc808cad83cc6e30ba65d04b3dfbff9000
  `,
};
