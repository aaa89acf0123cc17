import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { SecretBox } from '../../platform/secret-box.js';
import {
  registerResource,
  type ResourceDeps,
  type ResourceRegistry,
} from '../../platform/resources/register-resource.js';
import { defineFirewallOperations } from './firewall/firewall-operations.js';
import { ccxClusterResource } from './ccx/ccx-resource.js';
import { defineCcxOperations } from './ccx/ccx-operations.js';
import { balancerResource } from './balancer/balancer-resource.js';
import { defineBalancerOperations } from './balancer/balancer-operations.js';
import { firewallResource } from './firewall/firewall-resource.js';
import { publicCloudCredentialResource } from './exchange/credential-resource.js';
import { defineExchangeOperations } from './exchange/exchange-operations.js';
import { exchangeResource } from './exchange/exchange-resource.js';
import { publicCloudRoutes } from './exchange/public-cloud-routes.js';
import type { PublicClouds } from './exchange/public-clouds.js';
import { firewallRuleRoutes } from './firewall/firewall-routes.js';
import { defineVpcOperations } from './vpc/vpc-operations.js';
import { vpcResource } from './vpc/vpc-resource.js';
import { registerVpcRoutes } from './vpc/vpc-routes.js';

export interface NetworkDeps extends ResourceDeps {
  db: Db;
  clock: Clock;
  registry: ResourceRegistry;
  /** Seals what is kept secret at rest: credentials' secrets, load balancers' keys. */
  secrets: SecretBox;
  /** The public clouds' VM lists (exchange/public-clouds.ts); simulated by default. */
  publicClouds: PublicClouds;
}

/**
 * The private network (spec sections 2-5, menu group "network"): VPCs and their route tables,
 * firewalls and their rules, load balancers, cloud-exchange connections and public-cloud
 * credentials, CCX clusters. Each resource lives in its folder and is declared with the kit.
 */
export const networkRoutes: FastifyPluginAsync<NetworkDeps> = async (app, deps) => {
  defineVpcOperations(deps.operations);
  defineExchangeOperations(deps.operations);
  defineFirewallOperations(deps.operations);
  defineCcxOperations(deps.operations);
  defineBalancerOperations(deps.operations, deps.db, deps.secrets);
  const resources = [
    vpcResource,
    firewallResource,
    exchangeResource,
    publicCloudCredentialResource(deps.secrets),
    ccxClusterResource,
    balancerResource(deps),
  ];
  for (const resource of resources) registerResource(app, resource as never, deps, deps.registry);
  await app.register(publicCloudRoutes, deps);
  await app.register(firewallRuleRoutes, { operations: deps.operations });
  registerVpcRoutes(app, deps.operations);
};
