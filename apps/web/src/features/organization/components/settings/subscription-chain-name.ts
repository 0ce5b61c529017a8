import { useSubscriptionPlans } from '../../api/subscription-plans';
import { CHAIN_NAMES } from './chain-names';

/** Names payment chains: from the server's payment methods, else the known names, else the key. */
export function useChainNames(spaceId: string): (chainKey: string) => string {
  const plans = useSubscriptionPlans(spaceId);
  return (chainKey) =>
    plans.data?.methods.find((method) => method.chain_key === chainKey)?.chain_name ??
    CHAIN_NAMES[chainKey] ??
    chainKey;
}
