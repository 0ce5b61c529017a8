import { domainSeparator, hashStruct, hashTypedData, type TypedDataDomain } from 'viem';
import type { Hex, TypedDataRequest } from './types';

/** The three hashes a hardware wallet shows for EIP-712 typed data (Safe: safeTxHash). */
export interface TypedDataHashes {
  /** keccak256(0x1901 ‖ domain ‖ message): the Safe's safeTxHash. */
  digest: Hex;
  domain: Hex;
  message: Hex;
}

/** EIP-712 types without EIP712Domain, which viem derives from the domain itself. */
function messageTypes(data: TypedDataRequest): TypedDataRequest['types'] {
  const { EIP712Domain: _domain, ...rest } = data.types;
  return rest;
}

/**
 * Computes, in the browser, the hashes the device will sign and show, from the typed data
 * itself: a signer compares them with the device's screen, and the page checks them against what
 * the server says before any device is asked (a mismatch means the server and the data disagree).
 */
export function typedDataHashes(data: TypedDataRequest): TypedDataHashes {
  const types = messageTypes(data);
  const domain = data.domain as TypedDataDomain;
  return {
    digest: hashTypedData({ domain, types, primaryType: data.primaryType, message: data.message }),
    domain: domainSeparator({ domain }),
    message: hashStruct({ data: data.message, primaryType: data.primaryType, types }),
  };
}
