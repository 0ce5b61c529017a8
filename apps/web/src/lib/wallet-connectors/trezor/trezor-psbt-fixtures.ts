/**
 * A Trezor firmware device test of a native-segwit (P2WSH) 2-of-3 multisig spend, as published:
 * trezor/trezor-firmware at commit dd7afbc3df8da3bbfc68cceaec41ef3945fd86d9,
 * - tests/device_tests/bitcoin/test_signtx_segwit_native.py, `test_send_multisig_2` (file last
 *   changed in 6e3018509be0cd8c66e3db5d51a92675a396eed6): the device (default test seed
 *   "all all … all", tests/conftest.py) signs input 0 first with m/84h/1h/2h/0/1, then the test
 *   stores that signature and signs with m/84h/1h/1h/0/1; `assert_tx_matches` checks the fully
 *   signed transaction below byte for byte;
 * - tests/txcache/testnet/b9abfa0d….json (last changed in 3e11e8bba24a8bb74dde6d9103d7a909bc0a60bf):
 *   the previous transaction as the test's TxCache hands it to the device.
 * Facts, not code. The cosigners' extended keys (`btc.get_public_node` in the test) are not in the
 * file: the test derives them from the phrase.
 */
export const SEGWIT_MULTISIG_2 = {
  mnemonic: 'all all all all all all all all all all all all',
  coin: 'Testnet',
  /** The three cosigners' account keys, in the order of `nodes` (the script keeps this order). */
  accounts: ["m/84'/1'/1'", "m/84'/1'/2'", "m/84'/1'/3'"],
  /** `MultisigRedeemScriptType(nodes=…, address_n=[0, 1], signatures=[b"", b"", b""], m=2)`. */
  multisig: { address_n: [0, 1], m: 2 },
  /** The first `sign_tx`: TxInputType inp1 (sequence and version/lock_time left at their defaults). */
  input: {
    address_n: "m/84'/1'/2'/0/1",
    prev_hash: 'b9abfa0d4a28f6f25e1f6c0f974bfc3f7c5a44c4d381b1796e3fbeef51b560a6',
    prev_index: 1,
    amount: 100_000,
  },
  output: {
    address: 'tb1qr6xa5v60zyt3ry9nmfew2fk5g9y3gerkjeu6xxdz7qga5kknz2ssld9z2z',
    amount: 100_000 - 10_000,
  },
  /** The second `sign_tx` signs with this key. */
  secondSigner: "m/84'/1'/1'/0/1",
  /** tests/txcache/testnet/b9abfa0d….json */
  prevTx: {
    bin_outputs: [
      { amount: 61283, script_pubkey: '76a914687d46a330c851c8a0ffcf29fc9422b7ab708b7388ac' },
      {
        amount: 100000,
        script_pubkey: '0020ef38cae54174ac3aba1449c2a7df94d2a5f00734bfaaeb9803727c1e26081637',
      },
      {
        amount: 100000,
        script_pubkey: '0020f9c50fd24c0b399a9b895341853bd1ccb0bbf08391bb0e3b65150e9819d6e2cb',
      },
      { amount: 100000, script_pubkey: 'a9143e106cd1f1f0dcdb3e7400bed645ac3a21b406d987' },
      { amount: 100000, script_pubkey: 'a914f5a6e470de83ea66acb496a496593060444eaa7287' },
    ],
    inputs: [
      {
        prev_hash: 'd7d0188c694c9e0e234edc432d777cd9c98d87e5204d356ac11b33bcb54aa776',
        prev_index: 4,
        script_sig:
          '4830450221009956ef8aa270914d14ad7459eab6c70e2b969f75ad6358814e84c929fd00939c022064e3611017959a2a3908bae2e459560a4c415349c8b228316ed9192de4f21325012102fa58839f1597665847186079737beffca362794c2e784bca9799ba9151ca219a',
        sequence: 4294967293,
      },
    ],
    lock_time: 0,
    version: 1,
  },
  /** `assert_tx_matches(serialized_tx, hash_link=…/2aad59ba…, tx_hex=…)` after the second signing. */
  txid: '2aad59bad0dd1ad3e9b2a4019bbb47c16111d5a2eddde50997e4199c26ee5882',
  signedTx:
    '01000000000101a660b551efbe3f6e79b181d3c4445a7c3ffc4b970f6c1f5ef2f6284a0dfaabb90100000000ffffffff01905f0100000000002200201e8dda334f11171190b3da72e526d441491464769679a319a2f011da5ad312a10400483045022100ab35a9f9f915ed4d2017237c12d4676545bdf124c5b1c552e9e23777e601372b02202aee125c86a4255102ccba2ea0c5e7d42bb16f4b183a4cde3e707379574d61500147304402204ab0b571d1f4a37cf94cb3644f261483bcfa387d6a9f3631720d0966bf9248cf0220650b1f928343600b7eedc929902c9b16bf0f00431643b05642fdcf1ae1fd72af0169522103bab8ecdd9ae2c51a0dc858f4c751b27533143bf6013ba1725ba8a4ecebe7de8c21027d5e55696c875308b03f2ca3d8637f51d3e35da9456a5187aa14b3de8a89534f2103b78eabaea8b3a4868be4f4bb96d6f66973f7081faa7f1cafba321444611c241e53ae00000000',
};
