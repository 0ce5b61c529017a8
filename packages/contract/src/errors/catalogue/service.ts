import { defineError, INSUFFICIENT_BALANCE_MESSAGES, SERVICE_ERROR_MESSAGES } from '../define';
import type { ErrorDefinition } from '../types';

/** A 500 code that shows the generic service message. */
const service = (): ErrorDefinition => defineError(500, 'Error', { ...SERVICE_ERROR_MESSAGES });
/** A 500 code that shows "insufficient balance". */
const insufficient = (): ErrorDefinition => defineError(500, 'Error', { ...INSUFFICIENT_BALANCE_MESSAGES });

/**
 * 500 group of §8: wallet-service (WS_*), exchange-service (ES_*), VIP, permission and
 * notification service codes, and chain-specific EVM/BTC/Tron/Solana/XRP codes. The spec's list
 * is cut off, so this is a representative set; all show 'Service error. Try again later' except
 * the insufficient-balance variants.
 */
export const serviceErrors = {
  WS_SERVICE_ERROR: service(),
  WS_WALLET_QUERY_ERROR: service(),
  WS_WALLET_CREATE_ERROR: service(),
  WS_ADDRESS_GENERATE_ERROR: service(),
  WS_TASK_CREATE_ERROR: service(),
  WS_TASK_QUERY_ERROR: service(),
  WS_BALANCE_QUERY_ERROR: service(),
  WS_TOKEN_QUERY_ERROR: service(),
  WS_FEE_ESTIMATE_ERROR: service(),
  WS_TX_BUILD_ERROR: service(),
  WS_BROADCAST_ERROR: service(),
  WS_DEPLOY_ERROR: service(),
  WS_BALANCE_LOCK_ERROR: service(),
  WS_INSUFFICIENT_BALANCE: insufficient(),
  WS_PAYMENT_INSUFFICIENT_BALANCE: insufficient(),
  WS_EVM_RPC_ERROR: service(),
  WS_EVM_NONCE_ERROR: service(),
  WS_EVM_GAS_ESTIMATE_ERROR: service(),
  WS_EVM_CONTRACT_CALL_ERROR: service(),
  WS_EVM_INSUFFICIENT_BALANCE: insufficient(),
  WS_BTC_RPC_ERROR: service(),
  WS_BTC_UTXO_QUERY_ERROR: service(),
  WS_BTC_PSBT_ERROR: service(),
  WS_BTC_INSUFFICIENT_BALANCE: insufficient(),
  WS_TRON_RPC_ERROR: service(),
  WS_TRON_INSUFFICIENT_BALANCE: insufficient(),
  WS_SOL_RPC_ERROR: service(),
  WS_SOL_INSUFFICIENT_BALANCE: insufficient(),
  WS_XRP_RPC_ERROR: service(),
  WS_XRP_INSUFFICIENT_BALANCE: insufficient(),
  ES_SERVICE_ERROR: service(),
  ES_EXCHANGE_REQUEST_ERROR: service(),
  ES_ASSET_QUERY_ERROR: service(),
  ES_API_KEY_QUERY_ERROR: service(),
  ES_RISK_CONTROL_ERROR: service(),
  ES_DEPOSIT_WITHDRAW_QUERY_ERROR: service(),
  ES_INSUFFICIENT_BALANCE: insufficient(),
  VIP_SERVICE_ERROR: service(),
  PERMISSION_SERVICE_ERROR: service(),
  NOTIFICATION_SERVICE_ERROR: service(),
  MAIL_SERVICE_ERROR: service(),
} satisfies Record<string, ErrorDefinition>;
