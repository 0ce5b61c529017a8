import { FamilyError, type FamilyAdapter } from '../family';
import type { EvmAdapter } from './adapter';
import { gasPriceOf } from './fee-choice';
import { checkSignedCall } from './signed-call';
import { recoverPersonalSigner } from './personal-sign';
import { getAddress, isAddress } from 'viem';

/**
 * EVM wallet setup: a Safe whose address is predicted from its setup call and a salt, deployed by
 * a signer before use; keys are owner addresses; a single-signature wallet is an outside account
 * (not a contract) proven by a signed message.
 */
export function evmWalletSetup(
  chain: EvmAdapter,
): Pick<
  FamilyAdapter,
  | 'prepareSetup'
  | 'confirmSetup'
  | 'setupFee'
  | 'checkSignedSetup'
  | 'signerKey'
  | 'signerKeyOf'
  | 'verifySignerProof'
  | 'singleKey'
> {
  return {
    async prepareSetup({ keys, threshold, nonce }) {
      // Owners sorted as addresses: the same set always yields the same Safe setup call.
      const owners = (keys as string[])
        .map((k) => chain.normalizeAddress(k))
        .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
      const deployment = await chain.buildSafeDeployment({ owners, threshold, saltNonce: nonce ?? 0n });
      return {
        address: deployment.predictedAddress,
        keys: owners,
        onChain: { to: deployment.to, data: deployment.data },
        descriptors: null,
      };
    },

    async setupFee(setup, fee) {
      if (!setup.onChain) throw new FamilyError('WALLET_STATUS_ERROR');
      const [gas, tiers] = await Promise.all([
        chain.estimateGas(setup.onChain).catch(() => {
          throw new FamilyError('WS_EVM_GAS_ESTIMATE_ERROR');
        }),
        chain.getFeeTiers().catch(() => {
          throw new FamilyError('FEE_RATE_ERROR');
        }),
      ]);
      const { maxFeePerGas } = gasPriceOf(tiers, fee);
      return { gas, maxFeePerGas, total: gas * maxFeePerGas };
    },

    async checkSignedSetup(setup, raw) {
      if (!setup.onChain) throw new FamilyError('WALLET_STATUS_ERROR');
      const signed = await checkSignedCall(chain.chainId, raw, { ...setup.onChain, value: 0n });
      return { hash: signed.hash, from: signed.from };
    },

    async confirmSetup(address, expected) {
      const safe = await chain.readSafe(address);
      if (!safe) return 'pending';
      const owners = new Set(safe.owners.map((o) => o.toLowerCase()));
      const same =
        owners.size === expected.owners.length &&
        expected.owners.every((o) => owners.has(o.toLowerCase())) &&
        Number(safe.threshold) === expected.threshold;
      return same ? 'ready' : 'different';
    },

    // One owner address serves every EVM chain: stored without a chain.
    signerKeyOf(input) {
      if (!input.address || !isAddress(input.address, { strict: true }))
        throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR');
      return {
        family: 'EVM',
        chainKey: '',
        address: getAddress(input.address),
        fingerprint: null,
        derivationPath: null,
      };
    },

    async verifySignerProof(record, message, proof) {
      const signer = await recoverPersonalSigner(message, proof.signature);
      return signer.toLowerCase() === record.address.toLowerCase();
    },

    // One owner address serves every EVM chain.
    signerKey: (signer) =>
      signer.family === 'EVM' && chain.isValidAddress(signer.address)
        ? chain.normalizeAddress(signer.address)
        : null,

    singleKey: {
      async address(raw) {
        if (!chain.isValidAddress(raw)) throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR');
        const address = chain.normalizeAddress(raw);
        if (await chain.isContract(address)) throw new FamilyError('WALLET_CONTRACT_ADDRESS_ERROR');
        return address;
      },
      verifyOwnership: (address, message, signature) =>
        chain.verifyMessage(address, message, signature).catch(() => false),
    },
  };
}
