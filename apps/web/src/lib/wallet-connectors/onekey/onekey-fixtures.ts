import { SIGN_TYPED_DATA as TREZOR_SIGN_TYPED_DATA } from '../trezor/trezor-fixtures';

/**
 * OneKey's published device-test fixtures: OneKeyHQ/firmware (the OneKey Classic firmware, derived
 * from Trezor's), common/tests/fixtures/ethereum/, at commit
 * 69bef6abfe3d55cae7b40c621ed2962dd651736c (the fixtures last changed in 88f2c2a8). What a device
 * initialised with `setup.mnemonic` answered to each request; its device tests
 * (tests/device_tests/ethereum/) assert these values. Facts, not code; the tests check them
 * independently against the phrase with viem. OneKey's SDK tests (OneKeyHQ/hardware-js-sdk)
 * publish no device replies, so the SDK's own request shape is built by the tests, not copied.
 */

/** getpublickey.json: extended public keys (`node.public_key`, `node.chain_code`) of a device with this phrase. */
export const GET_PUBLIC_KEY = {
  mnemonic: 'alcohol woman abuse must during monitor noble actual mixed trade anger aisle',
  keys: {
    "m/44'/60'/0'/0": {
      chain_code: 'ebccb5cbd84caa898472fc50a511b8653e234c3f2dd7bd4a5ec53f7073cc8c4f',
      public_key: '02d50ff29b89327b2ebce52cb751a11d074ab01394cb9e49f99ddc51da2146d212',
    },
    "m/44'/60'/0'": {
      chain_code: '813d9feda6421f97a6472ff36679aa9e211ff88f6bdee51093af313ce628087e',
      public_key: '0318c22dedce01caca32354f98428e3af06a452f3fa84e6af8f1b6aa362affa641',
    },
  } as Record<string, { chain_code: string; public_key: string }>,
};

/**
 * getaddress.json: addresses a device with this phrase (the signing fixtures' device) gave for
 * paths connect does not list: the custom paths of the tests.
 */
export const GET_ADDRESS = {
  mnemonic: 'all all all all all all all all all all all all',
  addresses: {
    "m/44'/60'/0'/0/100": '0x1e6E3708a059aEa1241a81c7aAe84b6CDbC54d59',
    "m/44'/60'/100'": '0x93Fb0Ff84F5BB6E7b6a9835C7AA6dE7a76794266',
    "m/44'/61'/0'/0/0": '0xF410e37E9C8BCf8CF319c84Ae9dCEbe057804a04',
    "m/44'/6060'/0'/0/0": '0xA26a450ef46a5f11a510eBA2119A3236fa0Aca92',
  } as Record<string, string>,
};

/** signmessage.json, its first and third cases (`msg`, `sig` without 0x as published). */
export const SIGN_MESSAGE = {
  mnemonic: 'all all all all all all all all all all all all',
  path: "m/44'/60'/0'/0/0",
  address: '0x73d0385F4d8E00C5e6504C6030F47BF6212736A8' as const,
  cases: [
    {
      message: 'This is an example of a signed message.',
      signature:
        'af4eac50f21acc6daeb0ab036f616f5d19fccade46e47100642b3dfc798c9b740d5873887bdc2f02502c90777a082d10dca113bd1ec29d08108396401421c8cc1b',
    },
    {
      message: 'MsgLenIs9',
      signature:
        '495b5b021517cd01cb05f02dfb6a1f79a8d9e4f82e8fb01d44ebf7d1218333f1528b67043ffc25c5b64b1e5a182f5d7d5707fcb639092af708969f90038155a91c',
    },
  ],
};

/**
 * sign_typed_data.json, case "basic_data" (same device as SIGN_MESSAGE; metamask_v4_compat true):
 * the request is Trezor's case unchanged (OneKey's firmware derives from Trezor's), so its typed
 * data is read from trezor-fixtures.ts; the reply below is OneKey's file's, and the test checks it
 * against that data (hashes, and the phrase key's signature byte for byte).
 */
export const SIGN_TYPED_DATA = {
  path: "m/44'/60'/0'/0/0",
  data: TREZOR_SIGN_TYPED_DATA.data,
  message_hash: '0xea6529f0ee9eb0b207b5a8b0ebfa673d398d6a78262818da1d270bd138f81f03',
  domain_separator_hash: '0x97d6f53774b810fbda27e091c03c6a6d6815dd1270c2e62e82c6917c1eff774b',
  address: '0x73d0385F4d8E00C5e6504C6030F47BF6212736A8',
  signature:
    '0x2c2d8c7c1facf5bdcd997b5435bb42f3f4170a111ce079c94b5d1e34414f76560c4600d2167568e052ab846555bd590de93bb230987766c636613262eaeb8bdc1c',
};
