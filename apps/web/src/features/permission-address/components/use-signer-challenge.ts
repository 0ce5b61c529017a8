import { useCallback, useEffect, useState } from 'react';
import { fetchSignerChallenge, type SignerChallenge } from '../api/verify-signer-address';

/**
 * A signer's one-time challenge, read when the dialog opens for it (cleared with each signer). A
 * challenge that could not be read is kept as `challengeError`, for the dialog to say with Retry.
 */
export function useSignerChallenge(signer: { id: number } | null) {
  const [challenge, setChallenge] = useState<SignerChallenge | null>(null);
  const [challengeError, setChallengeError] = useState<unknown>(null);
  const loadChallenge = useCallback(() => {
    setChallengeError(null);
    if (signer) void fetchSignerChallenge(signer.id).then(setChallenge, setChallengeError);
  }, [signer]);
  useEffect(() => {
    setChallenge(null);
    loadChallenge();
  }, [loadChallenge]);
  return { challenge, challengeError, loadChallenge };
}
