import { z } from 'zod';
import { CcxType, CloudExchangeStatus } from '../enums/cloud-exchange.js';
import { type Rule, text } from '../validators/rule.js';
import { zEnumValue, zRequired, zUuid } from '../validators/zod.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/**
 * Cloud exchange (spec section 3, route group exCloud, log code 10023): a private connection from
 * one of the customer's VPCs to AWS, GCP, Azure or CCX, named by the pair key the other side
 * issued. Status 1 ordering → 2 done when the other side has accepted the key; a refusal puts it
 * back to 0 available (with the reason) so it can be ordered again or deleted.
 */
export const cloudExchangeSchema = z.object({
  uuid: z.string(),
  clientNumber: z.string(),
  ccxType: zEnumValue(CcxType),
  pairKey: z.string(),
  vpcUuid: z.string(),
  vpcName: z.string(),
  status: zEnumValue(CloudExchangeStatus),
  statusReason: statusReasonSchema,
  pendingOperation: pendingOperationSchema,
  createDate: z.string(),
});
export type CloudExchange = z.infer<typeof cloudExchangeSchema>;

export const CLOUD_EXCHANGE_SORTS = ['createDate'] as const;
export const cloudExchangeListQuerySchema = resourceListQuery(CLOUD_EXCHANGE_SORTS).extend({
  ccxType: zEnumValue(CcxType, { coerce: true }).optional(),
  status: zEnumValue(CloudExchangeStatus, { coerce: true }).optional(),
});
export type CloudExchangeListQuery = z.infer<typeof cloudExchangeListQuerySchema>;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A GUID as Azure and our CCX write it (also an Azure application's id). */
export const GUID = new RegExp(`^${UUID}$`);

/**
 * What each side's pair key looks like:
 * - AWS: the Direct Connect (hosted) connection id the partner shares, `dxcon-` and 8 letters or
 *   digits (`dxcon-fg5678gh`);
 * - GCP: the Partner Interconnect VLAN attachment's pairing key, `<uuid>/<region>/<domain>`
 *   (`2dfcdee7-b6f9-41d0-b98f-639151097693/asia-east1/1`, edge availability domain 1, 2 or any);
 * - Azure: the ExpressRoute circuit's service key, a GUID;
 * - CCX: the service key our CCX exchange gives the other party's port, a GUID (no public format
 *   exists; ours).
 */
const PAIR_KEY_PATTERNS: Record<CcxType, RegExp> = {
  [CcxType.AWS]: /^dxcon-[a-z0-9]{8,17}$/,
  [CcxType.GCP]: new RegExp(`^${UUID}/[a-z]+-[a-z]+[0-9]{1,2}/(1|2|any)$`),
  [CcxType.AZURE]: GUID,
  [CcxType.CCX]: GUID,
};

/** Examples for the form's hint, one per provider. */
export const PAIR_KEY_EXAMPLES: Record<CcxType, string> = {
  [CcxType.AWS]: 'dxcon-fg5678gh',
  [CcxType.GCP]: '2dfcdee7-b6f9-41d0-b98f-639151097693/asia-east1/1',
  [CcxType.AZURE]: '64ce99dd-ee70-4e74-b6b8-91c6307433a0',
  [CcxType.CCX]: 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

const PAIR_KEY_MESSAGES: Record<CcxType, string> = {
  [CcxType.AWS]: 'validation.pairKey.aws',
  [CcxType.GCP]: 'validation.pairKey.gcp',
  [CcxType.AZURE]: 'validation.pairKey.azure',
  [CcxType.CCX]: 'validation.pairKey.ccx',
};

/** The pair key's rule for a provider: `true` or the provider's message key. */
export function pairKeyRule(ccxType: CcxType): Rule {
  return (value) => {
    const s = text(value)?.trim();
    return s && PAIR_KEY_PATTERNS[ccxType].test(s) ? true : PAIR_KEY_MESSAGES[ccxType];
  };
}

export const cloudExchangeCreateSchema = z
  .object({
    ccxType: zEnumValue(CcxType),
    vpcUuid: zUuid(),
    // The provider's pattern bounds its length.
    pairKey: zRequired(),
  })
  .superRefine((body, ctx) => {
    const result = pairKeyRule(body.ccxType)(body.pairKey);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result, path: ['pairKey'] });
  });
export type CloudExchangeCreate = z.infer<typeof cloudExchangeCreateSchema>;
