import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bucketParamsSchema, lifecycleRuleBodySchema, lifecycleRuleSchema } from '@portal/shared';
import type { Operations } from '../../../platform/operations/operations.js';
import { replies } from '../../../platform/responses.js';
import { pageRoute } from '../../../platform/page-route.js';
import { resourceContext } from '../../../platform/resources/context.js';
import type { LifecycleRules } from './lifecycle-rules.js';

const ruleParamsSchema = bucketParamsSchema.extend({ id: z.string().max(64) });

/** A bucket's lifecycle rules: listed whole (at most LIFECYCLE_RULES_MAX), added, changed, deleted. */
export function registerLifecycleRoutes(app: FastifyInstance, rules: LifecycleRules, operations: Operations) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/buckets/:name/lifecycle-rules';
  const tags = ['buckets'];
  r.get(
    base,
    pageRoute({
      config: { authority: 'storage/bucket', keep: 'rows' },
      tags,
      summary: "A bucket's lifecycle rules, oldest first (all of them: page 0, limit 0)",
      params: bucketParamsSchema,
      record: lifecycleRuleSchema,
    }),
    async (request) => ({
      data: await rules.list(resourceContext(request, operations), request.params.name),
    }),
  );
  r.post(
    base,
    {
      config: {
        authority: 'storage/bucket/manage',
        audit: { action: 'bucketLifecycle.create', target: 'bucketLifecycleRule' },
      },
      schema: {
        tags,
        summary:
          'Add a rule: objects under the prefix and/or with the tag expire expirationDays after they were last written (LIFECYCLE_RULES_OVER_LIMIT past 100)',
        params: bucketParamsSchema,
        body: lifecycleRuleBodySchema,
        response: replies(lifecycleRuleSchema),
      },
    },
    async (request) => ({
      data: await rules.create(resourceContext(request, operations), request.params.name, request.body),
    }),
  );
  r.patch(
    `${base}/:id`,
    {
      config: {
        authority: 'storage/bucket/manage',
        audit: { action: 'bucketLifecycle.update', target: 'bucketLifecycleRule' },
      },
      schema: {
        tags,
        summary: 'Change a rule: the body is the whole rule, as when it was added (LIFECYCLE_RULE_NOT_FOUND)',
        params: ruleParamsSchema,
        body: lifecycleRuleBodySchema,
        response: replies(lifecycleRuleSchema),
      },
    },
    async (request) => ({
      data: await rules.update(
        resourceContext(request, operations),
        request.params.name,
        request.params.id,
        request.body,
      ),
    }),
  );
  r.delete(
    `${base}/:id`,
    {
      config: {
        authority: 'storage/bucket/manage',
        audit: { action: 'bucketLifecycle.delete', target: 'bucketLifecycleRule' },
      },
      schema: {
        tags,
        summary: 'Delete a rule; the answer is the rule as it was (LIFECYCLE_RULE_NOT_FOUND)',
        params: ruleParamsSchema,
        response: replies(lifecycleRuleSchema),
      },
    },
    async (request) => ({
      data: await rules.remove(resourceContext(request, operations), request.params.name, request.params.id),
    }),
  );
}
