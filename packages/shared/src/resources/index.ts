import { alarmContract, ticketContract } from './account-contracts.js';
import {
  diskContract,
  snapshotContract,
  snapshotRuleContract,
  vmContract,
  vniContract,
} from './compute-contracts.js';
import {
  balancerContract,
  ccxClusterContract,
  exchangeContract,
  firewallContract,
  publicCloudCredentialContract,
  vpcContract,
} from './network-contracts.js';
import { bucketContract } from './storage-contracts.js';

export * from './contract.js';
export * from './account-contracts.js';
export * from './compute-contracts.js';
export * from './network-contracts.js';
export * from './storage-contracts.js';

/**
 * Every console resource of the kit, one line each: the API must register each, the web must
 * serve each, and the completeness test walks this list (version triggers, words, dashboard kind,
 * audit target).
 */
export const RESOURCE_CONTRACTS = [
  vmContract,
  diskContract,
  vniContract,
  snapshotContract,
  snapshotRuleContract,
  vpcContract,
  firewallContract,
  balancerContract,
  ccxClusterContract,
  exchangeContract,
  publicCloudCredentialContract,
  bucketContract,
  alarmContract,
  ticketContract,
] as const;

/** The API type (kind) of every declared resource (`vms`, `snapshot-rules`, ...). */
export type ResourceKind = (typeof RESOURCE_CONTRACTS)[number]['type'];
