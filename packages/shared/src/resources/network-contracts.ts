import { destructiveBodySchema } from '../schemas/resource.js';
import {
  balancerCreateSchema,
  balancerListQuerySchema,
  balancerSchema,
  balancerUpdateSchema,
} from '../schemas/balancer.js';
import {
  ccxClusterCreateSchema,
  ccxClusterListQuerySchema,
  ccxClusterScaleSchema,
  ccxClusterSchema,
} from '../schemas/ccx.js';
import {
  cloudExchangeCreateSchema,
  cloudExchangeListQuerySchema,
  cloudExchangeSchema,
} from '../schemas/cloud-exchange.js';
import {
  publicCloudCredentialCreateSchema,
  publicCloudCredentialListQuerySchema,
  publicCloudCredentialSchema,
} from '../schemas/public-cloud.js';
import {
  firewallCreateSchema,
  firewallListQuerySchema,
  firewallSchema,
  firewallUpdateSchema,
  firewallVmSchema,
} from '../schemas/firewall.js';
import { vpcCreateSchema, vpcListQuerySchema, vpcSchema, vpcUpdateSchema } from '../schemas/vpc.js';
import { defineContract } from './contract.js';

const withPassword = { body: destructiveBodySchema, password: true } as const;

/** VPCs (routes vpcNets, createVPCNets, editVPCNets, vpcDetail). */
export const vpcContract = defineContract({
  type: 'vpcs',
  name: 'vpc',
  authority: 'network/vpc',
  entity: vpcSchema,
  listQuery: vpcListQuerySchema,
  create: { body: vpcCreateSchema },
  update: { body: vpcUpdateSchema },
  remove: withPassword,
  routes: { list: 'vpcNets', create: 'createVPCNets', detail: 'vpcDetail', edit: 'editVPCNets' },
  dashboardKind: 'vpcs',
});

/** Firewalls (routes firewall, createFirewall, editFirewall). */
export const firewallContract = defineContract({
  type: 'firewalls',
  name: 'firewall',
  authority: 'network/firewall',
  entity: firewallSchema,
  listQuery: firewallListQuerySchema,
  create: { body: firewallCreateSchema },
  update: { body: firewallUpdateSchema },
  remove: {},
  actions: { attach: { body: firewallVmSchema }, detach: { body: firewallVmSchema } },
  routes: { list: 'firewall', create: 'createFirewall', edit: 'editFirewall' },
  dashboardKind: 'firewalls',
});

/** Load balancers (routes balancer, createBalancer, editBalancer). */
export const balancerContract = defineContract({
  type: 'balancers',
  name: 'balancer',
  authority: 'network/balancer',
  entity: balancerSchema,
  listQuery: balancerListQuerySchema,
  create: { body: balancerCreateSchema },
  update: { body: balancerUpdateSchema },
  remove: withPassword,
  routes: { list: 'balancer', create: 'createBalancer', edit: 'editBalancer' },
  dashboardKind: 'balancers',
});

/** CCX clusters (routes ccxList, createCCX). */
export const ccxClusterContract = defineContract({
  type: 'ccx-clusters',
  name: 'ccxCluster',
  authority: 'network/ccx',
  entity: ccxClusterSchema,
  listQuery: ccxClusterListQuerySchema,
  create: { body: ccxClusterCreateSchema },
  remove: withPassword,
  actions: { scale: { body: ccxClusterScaleSchema } },
  routes: { list: 'ccxList', create: 'createCCX' },
  dashboardKind: 'ccxClusters',
});

/** Cloud exchange connections (routes exCloud, createExCloud). */
export const exchangeContract = defineContract({
  type: 'exchanges',
  name: 'exchange',
  authority: 'network/exCloud',
  entity: cloudExchangeSchema,
  listQuery: cloudExchangeListQuerySchema,
  create: { body: cloudExchangeCreateSchema },
  remove: withPassword,
  actions: { order: {} },
  routes: { list: 'exCloud', create: 'createExCloud' },
  dashboardKind: 'exchanges',
});

/** Public-cloud credentials, one per provider, managed from the exchange pages. */
export const publicCloudCredentialContract = defineContract({
  type: 'public-cloud-credentials',
  name: 'publicCloudCredential',
  authority: 'network/exCloud',
  entity: publicCloudCredentialSchema,
  listQuery: publicCloudCredentialListQuerySchema,
  create: { body: publicCloudCredentialCreateSchema },
  remove: withPassword,
  routes: { list: 'exCloud' },
  // Counted with the exchanges they serve: a credential is a setting, not a resource people count.
  dashboardKind: null,
});
