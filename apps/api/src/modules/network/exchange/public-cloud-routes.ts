import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCloudVmPowerOf, publicCloudTypeParamsSchema, publicCloudVmSchema } from '@portal/shared';
import { fail } from '../../../platform/errors.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { resourceContext } from '../../../platform/resources/context.js';
import { replies } from '../../../platform/responses.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import { openCredential } from './credential-resource.js';
import type { PublicClouds } from './public-clouds.js';

export interface PublicCloudRouteDeps {
  operations: Operations;
  secrets: SecretBox;
  publicClouds: PublicClouds;
}

/**
 * `GET /api/public-clouds/{type}/vms`: the VMs the caller's credential of that provider sees,
 * through the provider interface; PUBLIC_CLOUD_NOT_EXIST without a credential.
 */
export const publicCloudRoutes: FastifyPluginAsyncZod<PublicCloudRouteDeps> = async (app, deps) => {
  app.get(
    '/api/public-clouds/:type/vms',
    {
      config: { authority: 'network/exCloud' },
      schema: {
        tags: ['public-cloud-credentials'],
        summary: "The VMs in a public cloud (1 AWS, 2 GCP, 3 Azure), as the caller's credential sees them",
        params: publicCloudTypeParamsSchema,
        querystring: z.object({ t: z.coerce.number().optional() }),
        response: replies(z.array(publicCloudVmSchema)),
      },
    },
    async (request) => {
      const ctx = resourceContext(request, deps.operations);
      const credential = await openCredential(ctx, deps.secrets, request.params.type);
      if (!credential) throw fail('PUBLIC_CLOUD_NOT_EXIST');
      const vms = await deps.publicClouds.listVms(credential);
      return { data: vms.map((vm) => ({ ...vm, power: publicCloudVmPowerOf(vm.state) })) };
    },
  );
};
