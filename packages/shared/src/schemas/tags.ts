import { z } from 'zod';
import { MAX_TAGS_PER_RESOURCE } from '../constants.js';
import { isTagKey, isTagValue, uniqueTagKeys } from '../validators/resources.js';
import { zRule } from '../validators/zod.js';

/** A tag on a resource (spec section 3, "Tag"): `type` is the last segment of its base path. */
export const tagSchema = z.object({
  id: z.string(),
  resId: z.string(),
  type: z.string(),
  key: z.string(),
  value: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagInputSchema = z.object({
  key: zRule(isTagKey, z.string({ error: 'validation.notEmpty' }).trim()),
  value: zRule(isTagValue, z.string().trim()).default(''),
});
export type TagInput = z.input<typeof tagInputSchema>;

/** PUT /api/tags/{type}/{resId}: the whole set, replacing the old one. */
export const tagsPutSchema = z.object({
  tags: z
    .array(tagInputSchema)
    .max(MAX_TAGS_PER_RESOURCE, { error: 'validation.needBeStringInRange' })
    .superRefine((tags, ctx) => {
      const r = uniqueTagKeys(tags.map((t) => t.key));
      if (r !== true) ctx.addIssue({ code: 'custom', message: r });
    }),
});
export type TagsPut = z.input<typeof tagsPutSchema>;

const typeParam = z.string().trim().min(1).max(32);

export const tagKeysQuerySchema = z.object({ type: typeParam, t: z.coerce.number().optional() });
export const tagsOfQuerySchema = z.object({
  type: typeParam,
  /** Comma-joined resource ids (spec section 7). */
  res_id: z.string().max(20_000),
  t: z.coerce.number().optional(),
});
