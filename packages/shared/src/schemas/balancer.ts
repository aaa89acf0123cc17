import { z } from 'zod';
import { PORT_MAX, PORT_MIN } from '../constants.js';
import { LB_PROTOCOLS_BY_TYPE, LbProtocol, LbStatus, LbType, isHttpProtocol } from '../enums/balancer.js';
import { isHost } from '../validators/network.js';
import { isResourceName } from '../validators/resources.js';
import { zEnumValue, zRequired, zRule, zUuid } from '../validators/zod.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/** The VMs one load balancer may send to. */
export const LB_MAX_TARGETS = 50;
/** An uploaded certificate chain (PEM text): a leaf and a few intermediates fit well within. */
export const LB_CERTIFICATE_MAX_CHARS = 32_768;
/** An uploaded private key (PEM text): an RSA 8192 key is about 6,400 characters. */
export const LB_KEY_MAX_CHARS = 16_384;

const CERTIFICATE_PEM = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----/;
const KEY_PEM = /-----BEGIN (RSA |EC )?PRIVATE KEY-----[\s\S]+-----END (RSA |EC )?PRIVATE KEY-----/;

/** Whether the text holds a PEM certificate (the server parses it; the form checks this much). */
export const looksLikeCertificatePem = (text: string): boolean => CERTIFICATE_PEM.test(text);

/** Whether the text holds an unencrypted PEM private key (PKCS#8, PKCS#1 RSA or SEC1 EC). */
export const looksLikePrivateKeyPem = (text: string): boolean =>
  KEY_PEM.test(text) && !/ENCRYPTED/.test(text);

/** A target VM of a balancer, by name. */
export const balancerVmSchema = z.object({ uuid: z.string(), name: z.string() });

/**
 * A load balancer (spec section 3; the values of lbType and the statuses are ours, see
 * enums/balancer.ts). The private key of an HTTPS balancer is never part of it: only what the
 * certificate says (subject, the names it covers, its expiry).
 */
export const balancerSchema = z.object({
  uuid: z.string(),
  lbName: z.string(),
  lbType: zEnumValue(LbType),
  lbProtocol: zEnumValue(LbProtocol),
  lbPort: z.number().int(),
  /** The host name it answers (HTTP Host, TLS SNI); empty: any. Application balancers only. */
  lbUrl: z.string(),
  vpcUuid: z.string(),
  vpcName: z.string(),
  vmUuids: z.array(z.string()),
  vms: z.array(balancerVmSchema),
  lbHealthCheck: z.boolean(),
  lbXforwardedfor: z.boolean(),
  /** Where it listens, once the cloud has programmed it. */
  address: z.string().nullable(),
  /** HTTPS: the certificate's subject (one line), the DNS names it covers, its expiry (ISO). */
  certificateSubject: z.string().nullable(),
  certificateNames: z.array(z.string()),
  certificateExpiresAt: z.string().nullable(),
  status: zEnumValue(LbStatus),
  statusReason: statusReasonSchema,
  pendingOperation: pendingOperationSchema,
  createdAt: z.string(),
});
export type Balancer = z.infer<typeof balancerSchema>;

const lbPort = z
  .number({ error: 'validation.needBePort' })
  .int('validation.needBePort')
  .superRefine((value, ctx) => {
    if (value < PORT_MIN || value > PORT_MAX)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.needBePort',
        params: { min: PORT_MIN, max: PORT_MAX },
      });
  });

const lbUrl = z
  .string()
  .trim()
  .max(253, 'validation.needBeFormat.Host')
  .transform((s) => s.toLowerCase())
  .pipe(z.union([z.literal(''), zRule(isHost)]));

const vmUuids = z
  .array(zUuid())
  .min(1, { error: 'validation.notEmpty' })
  .max(LB_MAX_TARGETS, { error: 'validation.needBeIntegerInRange' });

// Not trimmed beyond the PEM: the text is kept as uploaded.
const lbCertificate = z.string().max(LB_CERTIFICATE_MAX_CHARS, 'validation.lbCertificatePem');
const lbPrivateKey = z.string().max(LB_KEY_MAX_CHARS, 'validation.lbKeyPem');

/** The fields of a balancer the rules across fields look at. */
export interface BalancerFields {
  lbType: number;
  lbProtocol: string;
  lbUrl?: string;
  lbXforwardedfor?: boolean;
  lbCertificate?: string;
  lbPrivateKey?: string;
}

/**
 * The rules across fields, for the form and the server (field path → message key): the protocol
 * is one its type has, X-Forwarded-For and a host name only for HTTP(S), and a certificate goes
 * with its key. HTTPS needs both unless the balancer already has a certificate (`hasCertificate`,
 * an edit keeping it). The server then parses them (LB_CERTIFICATE_*, LB_KEY_*).
 */
export function balancerProblems(
  body: BalancerFields,
  options: { hasCertificate: boolean },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const protocols = LB_PROTOCOLS_BY_TYPE[body.lbType as LbType] as readonly string[] | undefined;
  if (protocols && !protocols.includes(body.lbProtocol)) problems.lbProtocol = 'validation.lbProtocol';
  const http = isHttpProtocol(body.lbProtocol);
  if (body.lbXforwardedfor && !http) problems.lbXforwardedfor = 'validation.lbXforwardedfor';
  if (body.lbUrl && body.lbType === LbType.NETWORK) problems.lbUrl = 'validation.lbUrlNetwork';
  const certificate = body.lbCertificate ?? '';
  const key = body.lbPrivateKey ?? '';
  if (body.lbProtocol === LbProtocol.HTTPS) {
    if (certificate !== '' && !looksLikeCertificatePem(certificate))
      problems.lbCertificate = 'validation.lbCertificatePem';
    if (key !== '' && !looksLikePrivateKeyPem(key)) problems.lbPrivateKey = 'validation.lbKeyPem';
    const needed = !options.hasCertificate || certificate !== '' || key !== '';
    if (needed && certificate === '') problems.lbCertificate = 'validation.notEmpty';
    if (needed && key === '') problems.lbPrivateKey = 'validation.notEmpty';
  }
  return problems;
}

/** `hasCertificate` null: the server's schema, which leaves "HTTPS needs one" to the handler. */
const refineWith =
  (hasCertificate: boolean | null) =>
  (body: Partial<BalancerFields>, ctx: z.RefinementCtx): void => {
    if (body.lbType === undefined || body.lbProtocol === undefined) return;
    const problems = balancerProblems(body as BalancerFields, { hasCertificate: hasCertificate ?? true });
    for (const [path, message] of Object.entries(problems)) {
      if (hasCertificate === null && message === 'validation.notEmpty') continue;
      ctx.addIssue({ code: 'custom', message, path: [path] });
    }
  };

const balancerFields = z.object({
  lbType: zEnumValue(LbType),
  lbName: zRequired(isResourceName),
  lbProtocol: zEnumValue(LbProtocol),
  lbPort,
  lbUrl: lbUrl.default(''),
  vpcUuid: zUuid(),
  vmUuids,
  lbHealthCheck: z.boolean().default(true),
  lbXforwardedfor: z.boolean().default(false),
  /** HTTPS: the certificate chain (leaf first) and its unencrypted private key, as PEM text. */
  lbCertificate: lbCertificate.optional(),
  lbPrivateKey: lbPrivateKey.optional(),
});

/**
 * A new balancer. The server requires the certificate and key for HTTPS (LB_CERTIFICATE_REQUIRED,
 * on the fields); the form's schema, `balancerFormSchema(false)`, says so first.
 */
export const balancerCreateSchema = balancerFields.superRefine(refineWith(null));
export type BalancerCreate = z.input<typeof balancerCreateSchema>;

/** The form's schema: an edit of a balancer with a certificate may leave both fields empty. */
export const balancerFormSchema = (hasCertificate: boolean) =>
  balancerFields.superRefine(refineWith(hasCertificate));

/**
 * A change: the type and the VPC stay (a balancer's targets are VMs of its VPC). `vmUuids` is the
 * whole new set; a certificate and key replace the ones kept, and without them an HTTPS balancer
 * keeps its own. The server checks the rules across fields on the balancer as it would be.
 */
export const balancerUpdateSchema = z.object({
  lbName: zRequired(isResourceName).optional(),
  lbProtocol: zEnumValue(LbProtocol).optional(),
  lbPort: lbPort.optional(),
  lbUrl: lbUrl.optional(),
  vmUuids: vmUuids.optional(),
  lbHealthCheck: z.boolean().optional(),
  lbXforwardedfor: z.boolean().optional(),
  lbCertificate: lbCertificate.optional(),
  lbPrivateKey: lbPrivateKey.optional(),
});
export type BalancerUpdate = z.infer<typeof balancerUpdateSchema>;

export const BALANCER_SORTS = ['lbName', 'createdAt'] as const;
export type BalancerSort = (typeof BALANCER_SORTS)[number];
export const balancerListQuerySchema = resourceListQuery(BALANCER_SORTS).extend({
  vpcUuid: zUuid().optional(),
  lbType: zEnumValue(LbType, { coerce: true }).optional(),
  status: zEnumValue(LbStatus, { coerce: true }).optional(),
});
export type BalancerListQuery = z.infer<typeof balancerListQuerySchema>;
