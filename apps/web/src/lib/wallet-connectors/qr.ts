import { i18next } from '../i18n';
import { exchangeByQr } from '../qr-signing/qr-exchange';
import { accountOf, checkedMessageSignature, checkedTypedSignature, signsOnlyMethods } from './signed-by';
import { typedDataHashes } from './typed-data-hashes';
import { WalletError, type Address, type Hex, type WalletConnector } from './types';

type Codec = typeof import('../qr-signing/ur-codec');
type QrAccount = import('../qr-signing/ur-codec').QrAccount;

/** The UR libraries load with the first QR exchange, not with the page. */
const codec = (): Promise<Codec> => import('../qr-signing/ur-codec');

/**
 * Air-gapped signers over QR codes (Keystone, AirGap Vault, imToken's cold wallet…; EIP-4527):
 * connect = scan the device's account export (`crypto-hdkey` of m/44'/60'/0'); signing = show an
 * `eth-sign-request`, scan its `eth-signature`. Every signature is checked here against the
 * account before it leaves the page. Transactions are not signed this way: Safe signers only sign
 * typed data and messages.
 */
export function qrConnector(): WalletConnector {
  let accounts: QrAccount[] = [];
  const t = (key: string) => i18next.t(`wallets:qr.${key}`);

  const sign = async (
    address: Address,
    request: { kind: 'typed_data' | 'personal_message'; data: string; chainId?: number },
    details: Array<{ label: string; value: string }>,
  ): Promise<Hex> => {
    const account = accountOf(accounts, address);
    const { ethSignRequestUr, ethSignatureFromUr, urFrames } = await codec();
    const requestId = crypto.randomUUID();
    const frames = urFrames(ethSignRequestUr({ ...request, ...account, requestId }));
    const reply = await exchangeByQr({
      title: t('signTitle'),
      frames,
      expect: ['eth-signature'],
      details: [{ label: t('account'), value: account.address }, ...details],
    });
    try {
      return ethSignatureFromUr(reply, requestId);
    } catch (error) {
      throw new WalletError('sign_error', String(error));
    }
  };

  return {
    id: 'qr',
    name: 'QR',
    get accounts() {
      return accounts.map((account) => account.address);
    },
    available: () => true,
    async connect() {
      const reply = await exchangeByQr({
        title: t('connectTitle'),
        frames: [],
        expect: ['crypto-hdkey', 'crypto-account'],
      });
      const { evmAccountsFromUr } = await codec();
      try {
        accounts = evmAccountsFromUr(reply, 10);
      } catch (error) {
        throw new WalletError('wallet_connect_failed', String(error));
      }
      return accounts.map((account) => account.address);
    },
    async signMessage(address, message) {
      const signature = await sign(address, { kind: 'personal_message', data: message }, []);
      return checkedMessageSignature(address, message, signature);
    },
    async signTypedData(address, data) {
      const hashes = typedDataHashes(data);
      const chainId = Number((data.domain as { chainId?: unknown }).chainId ?? 0) || undefined;
      const signature = await sign(address, { kind: 'typed_data', data: JSON.stringify(data), chainId }, [
        { label: t('digest'), value: hashes.digest },
        { label: t('domainHash'), value: hashes.domain },
        { label: t('messageHash'), value: hashes.message },
      ]);
      return checkedTypedSignature(address, hashes.digest, signature);
    },
    ...signsOnlyMethods('A QR signer'),
  };
}
