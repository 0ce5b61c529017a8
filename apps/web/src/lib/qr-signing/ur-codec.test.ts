import { describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import {
  UrCollector,
  UrReadError,
  ethSignatureFromUr,
  evmAccountsFromUr,
  psbtFromUr,
  psbtToUr,
  urFrames,
} from './ur-codec';

// Published vectors (facts, with their sources):
const VECTORS = {
  // BlockchainCommons/Research papers/bcr-2020-006-urtypes.md, "Example/Test Vector 3" (crypto-psbt);
  // the same vector is in KeystoneHQ/ur-registry __tests__/CryptoPSBT.test.ts.
  psbtHex:
    '70736274ff01009a020000000258e87a21b56daf0c23be8e7070456c336f7cbaa5c8757924f545887bb2abdd750000000000ffffffff838d0427d0ec650a68aa46bb0b098aea4422c071b2ca78352a077959d07cea1d0100000000ffffffff0270aaf00800000000160014d85c2b71d0060b09c9886aeb815e50991dda124d00e1f5050000000016001400aea9a2e5f0f876a588df5546e8742d1d87008f000000000000000000',
  psbtUr:
    'ur:crypto-psbt/hdosjojkidjyzmadaenyaoaeaeaeaohdvsknclrejnpebncnrnmnjojofejzeojlkerdonspkpkkdkykfelokgprpyutkpaeaeaeaeaezmzmzmzmlslgaaditiwpihbkispkfgrkbdaslewdfycprtjsprsgksecdratkkhktikewdcaadaeaeaeaezmzmzmzmaojopkwtayaeaeaeaecmaebbtphhdnjstiambdassoloimwmlyhygdnlcatnbggtaevyykahaeaeaeaecmaebbaeplptoevwwtyakoonlourgofgvsjydpcaltaemyaeaeaeaeaeaeaeaeaebkgdcarh',
  // KeystoneHQ/keystone-sdk-base packages/ur-registry-eth/__tests__/EthSignature.test.ts
  ethSignatureUr:
    'ur:eth-signature/otadtpdagdndcawmgtfrkigrpmndutdnbtkgfssbjnaohdfptywtosrftahprdctrkbegylogdghjkbafhflamfwlohghtpsseaozorsimnybbtnnbiynlckenbtfmeeamsabnaeoxasjkwswfkekiieckhpecckssptndzelnwfecylbwaxisjeihkkjkjyjljtihdwlkamiy',
  ethSignatureHex:
    '0xd4f0a7bcd95bba1fbb1051885054730e3f47064288575aacc102fbbf6a9a14daa066991e360d3e3406c20c00a40973eff37c7d641e5b351ec4a99bfe86f335f713',
  ethRequestId: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  // KeystoneHQ/keystone-sdk-base packages/ur-registry-eth/__tests__/CryptoHDKey.test.ts: the
  // m/44'/60'/0' key of the BIP-39 test phrase "abandon … about" (master fingerprint e9181cf3).
  ethHdKeyUr:
    'ur:crypto-hdkey/oxaxhdclaowdverokopdinhseeroisyalksaykctjshedprnuyjyfgrovawewftyghceglrpkgaahdcxtplfjsluknfwlaisaxwypalbjylswzamcxhscyuyloztmwfnldlgskpyptgsdecfamtaaddyoeadlncsdwykcsfnykaeykaocywlcscewfaycytedmfeayghlptnin',
};
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

function read(text: string, expected: string[]) {
  const collector = new UrCollector(expected);
  expect(collector.receive(text)).toBe(true);
  return collector.result();
}

describe('UR codec', () => {
  it('writes and reads the crypto-psbt test vector of BCR-2020-006 exactly', () => {
    const base64 = Buffer.from(VECTORS.psbtHex, 'hex').toString('base64');
    expect(urFrames(psbtToUr(base64), 1000)).toEqual([VECTORS.psbtUr]);
    const ur = read(VECTORS.psbtUr.toUpperCase(), ['crypto-psbt']);
    expect(Buffer.from(psbtFromUr(ur), 'base64').toString('hex')).toBe(VECTORS.psbtHex);
  });

  it("reads Keystone's eth-signature vector, and only as the answer to its own request id", () => {
    const ur = read(VECTORS.ethSignatureUr, ['eth-signature']);
    expect(ethSignatureFromUr(ur, VECTORS.ethRequestId)).toBe(VECTORS.ethSignatureHex);
    expect(() => ethSignatureFromUr(ur, '1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toThrow(UrReadError);
  });

  it("derives from Keystone's crypto-hdkey export the accounts the BIP-39 phrase gives (viem)", () => {
    const accounts = evmAccountsFromUr(read(VECTORS.ethHdKeyUr, ['crypto-hdkey']), 3);
    expect(accounts[0]).toEqual({
      address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      path: "m/44'/60'/0'/0/0",
      fingerprint: 'e9181cf3',
    });
    const expected = [0, 1, 2].map((index) => mnemonicToAccount(ABANDON, { addressIndex: index }).address);
    expect(accounts.map((account) => account.address)).toEqual(expected);
  });

  it('reassembles an animated UR from frames in any order with some missing', () => {
    const psbt = Buffer.alloc(900, 7);
    psbt.write('70736274ff', 'hex');
    const frames = urFrames(psbtToUr(psbt.toString('base64')), 100);
    expect(frames.length).toBeGreaterThan(10);
    const collector = new UrCollector(['crypto-psbt']);
    let done = false;
    for (const frame of frames.filter((_, index) => index % 4 !== 1).reverse()) {
      done = collector.receive(frame);
      if (done) break;
      expect(collector.progress).toBeLessThan(1);
    }
    expect(done).toBe(true);
    expect(psbtFromUr(collector.result())).toBe(psbt.toString('base64'));
  });

  it('ignores codes that are no UR and refuses another UR type', () => {
    const collector = new UrCollector(['eth-signature']);
    expect(collector.receive('https://example.com')).toBe(false);
    expect(() => collector.receive(VECTORS.psbtUr)).toThrow(/crypto-psbt/);
  });
});
