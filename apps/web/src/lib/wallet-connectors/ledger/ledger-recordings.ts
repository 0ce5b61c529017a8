/**
 * APDU exchanges recorded from real Ledger devices and published with the tests of two wallets;
 * replayed by the connector's tests (unit and browser) through Ledger's transport mocker. They
 * are facts, not code: each test checks them independently (addresses against the device's BIP-39
 * phrase, signatures by recovering the signer with viem), so a wrong recording fails the test.
 */

/**
 * MyCrypto's `wallets` library (MyCryptoHQ/wallets, src/implementations/deterministic/
 * ledger.test.ts): a Ledger initialised with the phrase below, recorded with
 * `createTransportRecorder(TransportNodeHid)`.
 */
export const MYCRYPTO_DEVICE_PHRASE = 'test test test test test test test test test test test ball';

export const MYCRYPTO = {
  /** getAddress m/44'/60'/0'/0 with chain code: the parent of the BIP-44 accounts 0/i. */
  bip44Parent: `
    => e002000111048000002c8000003c8000000000000000
    <= 41044d7509b2ddb7179364109b16ea95c8282ff05c6866ae760b22eca20b8e66dc9ab32d17a73231de3bbb46696084155f8a7f6be29408a70fc3103112cefccc4ce328333134393746343930323933434635613435343062383163394635393931304636323531396236337968ee36e0b6d94da4551bac811e7816115d4ebb9e15a6f4068bbc29736d45769000
  `,
  /** getAddress m/44'/60'/0' with chain code: the parent of the legacy (MEW) accounts i. */
  legacyParent: `
    => e00200010d038000002c8000003c80000000
    <= 4104d54226ceac221f494aa1888252f47220e9d4cf0ddc11a651433bcad6364ee2af9862e1c78d56331267a95c660b182ea47e8dd0cedb231a2a1de59e8c3031bf222863643137353661664437334531663937423166393266334633614131303532456334374235333532f34046e410a060091825436065aa12e074c6c8f348e3528578e902777789d0b59000
  `,
  /** getAddress m/44'/60'/i'/0/0, i = 1…4: Ledger Live's accounts. */
  liveAccounts: `
    => e002000015058000002c8000003c800000010000000000000000
    <= 4104ecc55657c13ddfb60cd03a6787bfd524cc960570d7a84f987126f337c1c7cf0eeda2877ce13ee570bbe32ef47c603feb8acf63c4ff350e98f0251bdabfcf76dc28334645373033613230333543423335393043383635613039463535366544646130326232436631329000
    => e002000015058000002c8000003c800000020000000000000000
    <= 4104a88fc1f397adf7f335401343f74ed36b82b9bd2d4080880fe83af074547c61c664ee7bf1c17054be3a3d30d777d66cb502a83e56a2fff9cc4bbab529f0c9a19928323135396134313443344163303830343832434536463934326363354243353933303661314134379000
    => e002000015058000002c8000003c800000030000000000000000
    <= 4104fd234593caaafd164e8d6d4f5f3ce2c37af8e3919b0f3d2eb2dd454313fe5da10aec9d12cebec71ddda1bfc1cde734cba7658ca9f89ebeeba41eccf2d7fae5ea28426465633334343831383239633233393646413135624163353232374430423035634633446334319000
    => e002000015058000002c8000003c800000040000000000000000
    <= 410474c0c80b86d0d50da9607401c43420928f2feb829b6c3e569a6fabbf5bba9a17903666aca0fd26c541bbeeae6ac2271848e3739db35fd926eab5a535b8c8387528393165323833314135324534656545326566613842303542306244304339333034303734393544439000
  `,
  /**
   * getAddress m/44'/60'/0'/0/1, no display, no chain code: one account asked for by its path
   * (the test "LedgerWallet getAddress fetches an address from the device").
   */
  bip44Account1: `
    => e002000015058000002c8000003c800000000000000000000001
    <= 4104b21938e18aec1e2e7478988ccae5b556597d771c8e46ac2c8ea2a4a1a80619679230a109cd30e8af15856b15799e38991e45e55f406a8a24d5605ba0757da53c28353941383937413264626435354432306243433942353264356561413134453238353944633436379000
  `,
  /** signPersonalMessage "foo" with m/44'/60'/0'/0/0. */
  signFoo: `
    => e00800001c058000002c8000003c80000000000000000000000000000003666f6f
    <= 1b16f672a12220dc4d9e27671ef580cfc1397a9a4d5ee19eadea46c0f350b2f72a4922be7c1f16ed9b03ef1d3351eac469e33accf5a36194b1d88923701c2b163f9000
  `,
};

/**
 * Frame's desktop wallet (floating/frame, test/main/signers/ledger/Ledger/eth.test.js): another
 * device, recorded with `createTransportRecorder(TransportNodeHid)`.
 */
export const FRAME = {
  /** getAddress m/44'/60'/0'/0 with chain code (Frame's "standard" layout). */
  bip44Parent: `
    => e002000111048000002c8000003c8000000000000000
    <= 4104859f899683f20dbf6140126aabadb61d3c14f6b4ab125a5f8017e3ed790ada06ccd136314c44f75869d35e769ef757aa98873277f452a15d5f379afda7501f372834364264624139433930456134353334323664304238643441374138413939623841396441644535507c01b73ae632f464ee3219fca2b0ed77c1e30610d4fa55a5d9a79b8a9e07e89000
  `,
  /** getAddress m/44'/60'/0' with chain code (Frame's "legacy" layout). */
  legacyParent: `
    => e00200010d038000002c8000003c80000000
    <= 4104953d5604f014fc80e9dc6b53b2b21bac4a302aaa387edd03966feb9906f40f019a6ff8f0d28338d28edc3dd518414313e7a200281e98f371791da3814a02b3022846383432303066463835333344394266343739346445333130373465454339303733396635383332f2c0f99fea11ef57a110f8184b6139d7dc7f0a66091e6ad8cf02ebae74b6ce119000
  `,
  /**
   * signEIP712HashedMessage with m/44'/60'/0'/0 of EIP-712's Mail example (v4: `to` is a list,
   * chain id 4): the domain and message hashes, then the signature.
   */
  signMail: `
    => e00c000051048000002c8000003c80000000000000003173a9c41e96ee138ed70f662fc9412ce2542bd7135229c5ca739a62faff853beb4221181ff3f1a83ea7313993ca9218496e424604ba9492bb4052c03d5c3df8
    <= 1bee800a5a7e4e1668a8ebab2a5bce4c96424e0f80b7ba08fc48e063393196e0851c0f9dab8909655368974e8aec6dba5c15772d575189e31b894fb7f8286c63b99000
  `,
  /** The same request refused on the device: status 0x6985. */
  rejectMail: `
    => e00c000051048000002c8000003c80000000000000003173a9c41e96ee138ed70f662fc9412ce2542bd7135229c5ca739a62faff853beb4221181ff3f1a83ea7313993ca9218496e424604ba9492bb4052c03d5c3df8
    <= 6985
  `,
};

/** The typed data Frame's device signed in `FRAME.signMail`. */
export const FRAME_MAIL = {
  domain: {
    chainId: 4,
    name: 'Ether Mail',
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    version: '1',
  },
  message: {
    contents: 'Hello, Bob!',
    from: {
      name: 'Cow',
      wallets: ['0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826', '0xDeaDbeefdEAdbeefdEadbEEFdeadbeEFdEaDbeeF'],
    },
    to: [
      {
        name: 'Bob',
        wallets: [
          '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
          '0xB0BdaBea57B0BDABeA57b0bdABEA57b0BDabEa57',
          '0xB0B0b0b0b0b0B000000000000000000000000000',
        ],
      },
    ],
  },
  primaryType: 'Mail',
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Group: [
      { name: 'name', type: 'string' },
      { name: 'members', type: 'Person[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
  },
};
