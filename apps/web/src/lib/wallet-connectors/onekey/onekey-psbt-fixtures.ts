import { SEGWIT_MULTISIG_2 } from '../trezor/trezor-psbt-fixtures';

/**
 * OneKey's firmware (a Trezor fork) carries the same device test of a native-segwit (P2WSH) 2-of-3
 * multisig spend: OneKeyHQ/firmware at commit 69bef6abfe3d55cae7b40c621ed2962dd651736c,
 * - tests/device_tests/bitcoin/test_signtx_segwit_native.py, `test_send_multisig_2` (file last
 *   changed in 88f2c2a82734f70a5dd3fb5de201a16d4852c2ed, "fix device_tests for onekey touch"; UI
 *   fixtures for it in tests/ui_tests/fixtures.json): the same nodes (m/84h/1h/1h…3h, "Testnet"),
 *   input (m/84h/1h/2h/0/1, b9abfa0d…:1, 100000), output, second signer (1h) and the same
 *   `assert_tx_matches` tx_hex, byte for byte;
 * - tests/txcache/testnet/b9abfa0d4a28f6f25e1f6c0f974bfc3f7c5a44c4d381b1796e3fbeef51b560a6.json
 *   (last changed in 3e11e8bba24a8bb74dde6d9103d7a909bc0a60bf, inherited from Trezor): the same
 *   previous transaction;
 * - tests/conftest.py: the same default seed, "all" twelve times.
 * Those facts were compared with trezor-psbt-fixtures.ts's values, which are equal, so the data is
 * kept once, there.
 */
export const ONEKEY_SEGWIT_MULTISIG_2 = SEGWIT_MULTISIG_2;
