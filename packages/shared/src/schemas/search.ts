import { z } from 'zod';

/**
 * Console-wide search (Ctrl+K, GET /api/search; docs/search-api.md): one question over the kinds of
 * resource below, each answered only for a caller whose authority lets them see that kind. The
 * order is the order the answer (and the palette) groups them in.
 */
export const SEARCH_KINDS = [
  'vm',
  'ip',
  'disk',
  'snapshot',
  'snapshotRule',
  'vpc',
  'firewall',
  'balancer',
  'ccx',
  'cloudExchange',
  'cloudCredential',
  'bucket',
  'alarm',
  'order',
  'ticket',
  'iamUser',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** What a hit was found by: the field whose text matched the question. */
export const SEARCH_MATCH_FIELDS = [
  'name',
  'id',
  'privateIp',
  'publicIp',
  'ipv6',
  'address',
  'cidr',
  'orderNo',
  'ticketNo',
  'description',
  'email',
  'pairKey',
  'provider',
  'keyId',
] as const;
export type SearchMatchField = (typeof SEARCH_MATCH_FIELDS)[number];

/** The longest question: longer than any name, id or address a kind holds. */
export const SEARCH_QUERY_MAX = 100;
/** Hits of one kind: a palette shows the few best and leaves the rest to the kind's list. */
export const SEARCH_PER_KIND = 5;
/** Hits of all kinds together, by default and at most. */
export const SEARCH_LIMIT_DEFAULT = 30;
export const SEARCH_LIMIT_MAX = 50;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'validation.notEmpty' })
    .trim()
    .min(1, 'validation.notEmpty')
    .max(SEARCH_QUERY_MAX, 'validation.needBeStringInRange'),
  limit: z.coerce
    .number()
    .int('validation.needBeInteger')
    .min(1, 'validation.needBeNumberInRange')
    .max(SEARCH_LIMIT_MAX, 'validation.needBeNumberInRange')
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The resource's id (a VM's uuid, an order's id, a bucket's row id). */
  id: z.string(),
  /** What a person knows it by: its name; for an address, the address. */
  title: z.string(),
  /** A second line: its address, CIDR, order number, or the resource it belongs to. */
  subtitle: z.string().nullable(),
  /** The kind of resource `subtitle` names, when it names one (the VM an address or disk is on). */
  subtitleKind: z.enum(SEARCH_KINDS).nullable(),
  /** The kind's status (spec section 4: a number, or a word such as a ticket's NEW), when it has one. */
  status: z.union([z.number().int(), z.string().max(32)]).nullable(),
  /** The field that matched and its whole text, so the palette can show what was found. */
  matched: z.object({ field: z.enum(SEARCH_MATCH_FIELDS), text: z.string() }),
  /** The console's hash path that shows it (its page, or its list filtered to it). */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Hits grouped by kind in SEARCH_KINDS order, best first within a kind. */
export const searchAnswerSchema = z.object({ hits: z.array(searchHitSchema) });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
