import type { PrivateKeyAccount } from 'viem/accounts';
import { addPhoneSigner, fetchChallenge, verifyPhoneSigner } from './mobile-api';

/**
 * Makes the phone's key a verified signer address of the account: adds it (source "mobile") unless
 * it is already listed, then signs the one-time challenge (EIP-191 personal_sign) and verifies it.
 */
export async function registerPhoneKey(
  account: PrivateKeyAccount,
  name: string,
  listedId: number | null,
): Promise<void> {
  const id = listedId ?? (await addPhoneSigner({ name, address: account.address })).id;
  const challenge = await fetchChallenge(id);
  const signature = await account.signMessage({ message: challenge.message });
  await verifyPhoneSigner({ id, challenge_id: challenge.challenge_id, signature });
}
