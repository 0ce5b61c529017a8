// Published Tron test vectors, copied value for value (facts, not code) with their sources.
// Used by independent.test.ts; nothing here is produced by Keystead or by tronweb at test time.

/**
 * Trezor firmware, common/tests/fixtures/tron/sign_tx.json at commit
 * fa41268709755f5ff3305f787e6e58c80b68cad1 (the case marked * is from the earlier commit
 * 042943d9160bb32c5db4aa958f28baa0a992137d). Signed by a Trezor with the mnemonic "all all all all
 * all all all all all all all all"; common/tests/fixtures/tron/get_address.json (commit
 * 8b953e525c2d8019aa06fbfa305dce53b1d8f7ee) gives m/44'/195'/0'/0/0 = TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT
 * and m/44'/195'/0'/0/1 = TFz2CJn9CJb8C4i1Gke3jmZX2fRMJxniH2.
 */
export const TREZOR_ADDRESS_0 = 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT';
export const TREZOR_ADDRESS_1 = 'TFz2CJn9CJb8C4i1Gke3jmZX2fRMJxniH2';
export interface TrezorSignVector {
  name: string;
  signer: string;
  rawDataHex: string;
  txID?: string;
  signature: string;
}
const TRANSFER_RAW =
  '0a02e94222086394747da9fee42140c08afee680335a68080112640a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412330a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a5812154141f82674a30ae1328745d08afe2d1a0a2419528318c095d20870e0b5fae68033';
export const TREZOR_SIGN_TX: TrezorSignVector[] = [
  {
    name: 'TransferContract',
    signer: TREZOR_ADDRESS_0,
    rawDataHex: TRANSFER_RAW,
    txID: '91813c4e057a4c881d9dc4981f041c33cffb17c41e860a53eb68e7995f5de821',
    signature:
      'a7f8602b02413e9dded0170daa5b4ada9a2679198af276be456f4faea1bc326f5070789bec5e6471de3f726f4fe0c9daced8df183e4a62804db26d5650c59a521C',
  },
  {
    name: 'TransferContract_owner_address_not_equals_trezor_account*',
    signer: TREZOR_ADDRESS_1,
    rawDataHex: TRANSFER_RAW,
    txID: '91813c4e057a4c881d9dc4981f041c33cffb17c41e860a53eb68e7995f5de821',
    signature:
      '14d5eae24e33eb6af03998ea845f98e105e8a2d3206b12163b11702ed3479f41719f757c50e2d85ab6b41ff28ce9752a6bbb74158b8a1aaffb44a837466d93ba1B',
  },
  {
    name: 'TransferContract_amount_int64_max',
    signer: TREZOR_ADDRESS_0,
    rawDataHex:
      '0a020fc422089643b084bc8b5cde4080abffe980335a6d080112690a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412380a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a5812154141f82674a30ae1328745d08afe2d1a0a2419528318ffffffffffffffff7f70adde8beb8033',
    signature:
      '36db819a6c50b8c770ff1067a2753692fa8c8bfa7efde8ddfc2f891f7053d9955f6ffd0ee7d6217b448ac3515d97f6877159b721f2a78da78d1fcc10c1019dd51b',
  },
  {
    name: 'Note_hello_world',
    signer: TREZOR_ADDRESS_0,
    rawDataHex:
      '0a02ea2a2208d43320ee5a8b677f40f0f6a8e78033520c68656c6c6f20776f726c64215a68080112640a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412330a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a5812154141f82674a30ae1328745d08afe2d1a0a2419528318c095d2087090a2a5e78033',
    txID: '2b166e72fe1cfb71345d5061d15e10ac2cc5ee3bb85b5ad34a14c9bf112b8372',
    signature:
      '7b43c3e8977db4f5475656eec2e643bf1549d923f29c28c009c85b51556a78602aa0f3f2780cb19655dfa8d4eb2102a3c6b3440ce5b7448a814c860cdc925dd21C',
  },
  {
    name: 'Note_bad_utf8_bytes',
    signer: TREZOR_ADDRESS_0,
    rawDataHex:
      '0a02ea2a2208d43320ee5a8b677f40f0f6a8e780335212deaddeaddeaddeaddeaddeaddeaddeaddead5a68080112640a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412330a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a5812154141f82674a30ae1328745d08afe2d1a0a2419528318c095d2087090a2a5e78033',
    txID: 'b7922b85edb82ea58f4510d46b0ad2dd5fb112fb7ee89fc39590c7147f3f1a29',
    signature:
      'b573db3a80dd15cfa8fbf2961a2d615ca0f62b4eb3b591bd0e3ac009dd31cc2461aeb9d31306c9e30f0afdcfa256bdfc03fed5fe01d441a5c867b2b142a9bbbe1B',
  },
  {
    name: 'TriggerSmartContract_USDT_transfer',
    signer: TREZOR_ADDRESS_0,
    rawDataHex:
      '0a02dae022089ab5c70b3a11405f409099abc7b4335aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a5812154142a1e39aefa49290f2b3f9ed688d7cecf86cd6e02244a9059cbb000000000000000000000000d093f24888ab06073a4bdffbb8107db1ea9dc0a000000000000000000000000000000000000000000000000000000000013bb45070c1dbb9c6b433900180e1eb17',
    txID: '3b76769f2fae94ffad214967c013b714110f26c740b4bf2d5702069d125353de',
    signature:
      'f99e2f704c78b07d49fcfa4cc7cd032635807f9a1f09b57adc2232cac38d0d42428008bd9953944e0276123ee6851a266078df9c68e5c4db158be05377dadd7b1C',
  },
  {
    name: 'TriggerSmartContract_USDD_transfer',
    signer: TREZOR_ADDRESS_0,
    rawDataHex:
      '0a0230a222082d8cae7382b487754090df87e7b4335aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a58121541d4a4b0bc1d69cdeb238e8604ead1b03ac0ed7c762244a9059cbb000000000000000000000000d093f24888ab06073a4bdffbb8107db1ea9dc0a0000000000000000000000000000000000000000000000001158e460913d0000070edb196e6b433900180e1eb17',
    txID: '547eb950894b04fb3d6d66d4b34562d59525ffeef363836b0ad696f37a5d8ce6',
    signature:
      '6147d601b05fc3c2da8c33e303d4f2a866f5f6da424a87dd89c31ed92cbac204151d5ae4a316be889cc48f1cefefc742959f2eab40e62ff8a890c726dcb4be5d1B',
  },
];
/** The "raw" (visible=false) JSON Trezor's fixture gives for the TransferContract and USDT cases. */
export const TREZOR_TRANSFER_RAW_JSON = {
  contract: [
    {
      parameter: {
        value: {
          to_address: '4141f82674a30ae1328745d08afe2d1a0a24195283',
          owner_address: '41f2cd810c48c401d392ead3c6e1e1cb9f57750a58',
          amount: 18123456,
        },
        type_url: 'type.googleapis.com/protocol.TransferContract',
      },
      type: 'TransferContract',
    },
  ],
  ref_block_bytes: 'e942',
  ref_block_hash: '6394747da9fee421',
  expiration: 1752562632000,
  timestamp: 1752562572000,
};
export const TREZOR_USDT_RAW_JSON = {
  contract: [
    {
      parameter: {
        value: {
          data: 'a9059cbb000000000000000000000000d093f24888ab06073a4bdffbb8107db1ea9dc0a000000000000000000000000000000000000000000000000000000000013bb450',
          owner_address: '41f2cd810c48c401d392ead3c6e1e1cb9f57750a58',
          contract_address: '4142a1e39aefa49290f2b3f9ed688d7cecf86cd6e0',
        },
        type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
      },
      type: 'TriggerSmartContract',
    },
  ],
  ref_block_bytes: 'dae0',
  ref_block_hash: '9ab5c70b3a11405f',
  expiration: 1766454906000,
  fee_limit: 50000000,
  timestamp: 1766453046721,
};

/**
 * tronweb (tronprotocol/tronweb): test/helpers/config.ts at commit
 * 2b8777566e494aa3bfcb95748ce7b3df8dd8b6c2 (ADDRESS_HEX / ADDRESS_BASE58, SIGNED_HEX_TRANSACTION), and
 * test/testcases/src/sign-message.ts at commit 12059c2235870484a3bd610869bbb6c046bdaff7 (private key →
 * address, message hash and signature for the first case).
 */
export const TRONWEB_ADDRESS = {
  hex: '417e5f4552091a69125d5dfcb7b8c2659029395bdf',
  base58: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
};
export const TRONWEB_SIGNED_HEX_TRANSACTION =
  '0a85010a02380a220830202d4c1473d46640d8edabfea72f5a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a1541fbbb1a37f9fbc18a3e2b8fd8c0823251cd3b8ee8121541af4852489314e72ffae825238c52d0e1ffff1ead18c0843d70f182cffca72f1241fa301a789dc51714be33b0f298e3f990650bec285ab628ab8ea5f18aeb3466643ca89b604d9df74fa19a11235e0d7ab974322f0097eefe0b7efb38ea9ce4cf6601';
export const TRONWEB_KEYS = [
  {
    privateKey: '0000000000000000000000000000000000000000000000000000000000000001',
    address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
  },
  {
    privateKey: '51d1d6047622bca92272d36b297799ecc152dc2ef91b229debf84fc41e8c73ee',
    address: 'TVEZYjZyemfJoLUdGtzsM2ua1HAnbsNgAF',
  },
  {
    privateKey: '59f40af46420081988724249fb743e7597c8ddc1cbbc0738b96ceb1dbb149373',
    address: 'TBzEvowPVErmNWVegYMQcurDF3jgHU4VME',
  },
];
export const TRONWEB_HELLO_WORLD = {
  message: 'hello world',
  messageHash: 'cf02daeb2bea196ed5692322a66ed50080ce74ff8cb711199f1b04f3c13bc10d',
  signature:
    '0dc0b53d525e0103a6013061cf18e60cf158809149f2b8994a545af65a7004cb1eeaff560e801ab51b28df5d42549aa024c2aa7e9d34de1e01294b9afb5e6c7e1c',
  address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
};

/**
 * BitGo's Tron SDK (BitGo/BitGoJS) modules/sdk-coin-trx/test/resources.ts at commit
 * 07a9b0cfbbbd06b4df2ddf3e5c2f171cb7cb2e18: SignedAccountPermissionUpdateContractTx with
 * AccountPermissionUpdateContractPriv, UnsignedBuildTransaction with SecondSigOnBuildTransaction's
 * two signatures, and mockTokenTx (a USDT transfer).
 */
const BITGO_KEYS = [
  '41ca42a499a2eee394323baa2c2f7d8a764ce0689c',
  '412c2ba4a9ff6c53207dc5b686bfecf75ea7b80577',
  '41e0c0f581d7d02d40826c1c6cbee71f625d6344d0',
];
const bitgoPermission = (extra: Record<string, unknown>) => ({
  keys: BITGO_KEYS.map((address) => ({ address, weight: 1 })),
  threshold: 2,
  ...extra,
});
export const BITGO_PERMISSION_UPDATE = {
  privateKey: '88413601C267316040413C68AAB35651F8C7AB05EC8FFEF42D42DDA16AA3732C',
  txID: '7d5407d81d4e95f4c3c28f8849947b91fbfa9c5b102bfd5b48fe77e63c68107d',
  rawData: {
    contract: [
      {
        parameter: {
          value: {
            owner: bitgoPermission({ permission_name: 'owner' }),
            owner_address: BITGO_KEYS[0],
            actives: [
              bitgoPermission({
                operations: '7fff1fc0037e0000000000000000000000000000000000000000000000000000',
                type: 'Active',
                permission_name: 'active0',
              }),
            ],
          },
          type_url: 'type.googleapis.com/protocol.AccountPermissionUpdateContract',
        },
        type: 'AccountPermissionUpdateContract',
      },
    ],
    ref_block_bytes: 'eeb2',
    ref_block_hash: '97904e2922d6b5e8',
    expiration: 1572473529000,
    timestamp: 1572473469065,
  },
  rawDataHex:
    '0a02eeb2220897904e2922d6b5e840a8c5e7f5e12d5abc02082e12b7020a3c747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e4163636f756e745065726d697373696f6e557064617465436f6e747261637412f6010a1541ca42a499a2eee394323baa2c2f7d8a764ce0689c125a1a056f776e657220023a190a1541ca42a499a2eee394323baa2c2f7d8a764ce0689c10013a190a15412c2ba4a9ff6c53207dc5b686bfecf75ea7b8057710013a190a1541e0c0f581d7d02d40826c1c6cbee71f625d6344d0100122800108021a0761637469766530200232207fff1fc0037e00000000000000000000000000000000000000000000000000003a190a1541ca42a499a2eee394323baa2c2f7d8a764ce0689c10013a190a15412c2ba4a9ff6c53207dc5b686bfecf75ea7b8057710013a190a1541e0c0f581d7d02d40826c1c6cbee71f625d6344d010017089f1e3f5e12d',
  signature:
    '2bc5030727d42ed642c2806a3c1a5a0393408b159541f2163df4ba692c5c1240e2dde5a2aae4ecad465414e60b5aeca8522d0a2b6606f88a326658809161334f00',
};
export const BITGO_TWO_SIGNATURES = {
  owner: '41c4530f6bfa902b7398ac773da56106a15af15f92',
  second: '412c2ba4a9ff6c53207dc5b686bfecf75ea7b80577',
  txID: '80b8b9eaed51c8bba3b49f7f0e7cc5f21ac99a6f3e2893c663b544bf2c695b1d',
  rawDataHex:
    '0a0290e42208a018bf9892ddb13840e0c58ebadf2d5a66080112620a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412310a1541c4530f6bfa902b7398ac773da56106a15af15f9212154189ffaf9da8c6fae32189b2e6dce228249b1129aa18b60d7083878bbadf2d',
  signatures: [
    'f3cabe2f4aed13e2342c78c7bf4626ea36cd6509a44418c24866814d3426703686be9ef21bd993324c520565beee820201f2a50a9ac971732410d3eb69cdb2a600',
    'bd08e6cd876bb573dd00a32870b58b70ea8b7908f5131686502589941bfa4fdda76b8c81bbbcfc549be6d4988657cea122df7da46c72041def2683d6ecb04a7401',
  ],
};
export const BITGO_TOKEN_TX = {
  txID: '636a94d8662c51cbc7e1bdccc6ccc0d531827582bb7d73f8bbc0eea7f86df590',
  recipientHex: '414887974f42a789ef6d4dfc7ba28b1583219434b3',
  amount: 1_000_000_000n,
  feeLimit: 150000000,
  rawDataHex:
    '0a02c8cf220889177fd84c5d919640ccd2b9a1cf305aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a15414887974f42a789ef6d4dfc7ba28b1583219434b312154142a1e39aefa49290f2b3f9ed688d7cecf86cd6e02244a9059cbb0000000000000000000000004887974f42a789ef6d4dfc7ba28b1583219434b3000000000000000000000000000000000000000000000000000000003b9aca0070ccf5dd9fcf30900180a3c347',
};
