import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { SecretBox } from '../../platform/secret-box.js';
import {
  registerResource,
  type ResourceDeps,
  type ResourceRegistry,
} from '../../platform/resources/register-resource.js';
import { firewallResource } from './firewall/firewall-resource.js';
import { defineVpcOperations } from './vpc/vpc-operations.js';
import { vpcResource } from './vpc/vpc-resource.js';
import { registerVpcRoutes } from './vpc/vpc-routes.js';

export interface NetworkDeps extends ResourceDeps {
  db: Db;
  clock: Clock;
  registry: ResourceRegistry;
  /** Seals what is kept secret at rest: credentials' secrets, load balancers' keys. */
  secrets: SecretBox;
}

/**
 * The private network (spec sections 2-5, menu group "network"): VPCs and their route tables,
 * firewalls and their rules, load balancers, cloud-exchange connections and public-cloud
 * credentials, CCX clusters. Each resource lives in its folder and is declared with the kit.
 */
export const networkRoutes: FastifyPluginAsync<NetworkDeps> = async (app, deps) => {
  defineVpcOperations(deps.operations);
  const resources = [vpcResource, firewallResource];
  for (const resource of resources) registerResource(app, resource as never, deps, deps.registry);
  registerVpcRoutes(app, deps.operations);
};
