import { z } from 'zod';
import { VPC_BANDWIDTH_MAX, VPC_BANDWIDTH_MIN } from '../constants.js';
import { ChargeMode, RouteLevel, RouteTargetType, VpcStatus } from '../enums/vpc.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { integerInRange } from '../validators/basic.js';
import { ipv4InRange, ipv4Network, ipv4Text, isIPv4Range } from '../validators/network.js';
import { isResourceName } from '../validators/resources.js';
import type { Rule } from '../validators/rule.js';
import { text, withValues } from '../validators/rule.js';
import { zEnumValue, zRequired } from '../validators/zod.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/** A VPC (spec section 3): the VM form picks one, the VPC pages list and change them. */
export const vpcSchema = z.object({
  netUuid: z.string(),
  netName: z.string(),
  status: zEnumValue(VpcStatus),
  routeLevel: zEnumValue(RouteLevel),
  chargeMode: zEnumValue(ChargeMode),
  bandwidthLimit: z.number().int(),
  cidrIpv4: z.string(),
  /** None or allocation pending is "-1" (spec section 3). */
  cidrIpv6: z.string(),
  vmNum: z.number().int(),
  /** What else stands in it and must go before it can be deleted (canDeleteVpc). */
  firewallNum: z.number().int(),
  balancerNum: z.number().int(),
  exchangeNum: z.number().int(),
  clusterNum: z.number().int(),
  /** create, update, routes or delete while the cloud works on it; null when idle. */
  pendingOperation: pendingOperationSchema,
  statusReason: statusReasonSchema,
  createdAt: z.string(),
});
export type Vpc = z.infer<typeof vpcSchema>;

export const VPC_SORTS = ['netName', 'createdAt'] as const;
export const vpcListQuerySchema = resourceListQuery(VPC_SORTS);

/** The prefixes a VPC may have: a /8 at most (the private 10/8 whole), a /28 at least (16 addresses). */
export const VPC_PREFIX_MIN = 8;
export const VPC_PREFIX_MAX = 28;

/** The private IPv4 ranges (RFC 1918) a VPC's range must lie in. */
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

/**
 * A VPC's IPv4 range: a valid range (spec section 5), written as its network address
 * (10.1.0.0/16, not 10.1.2.3/16), private, with a prefix from /8 to /28.
 */
export const isVpcCidr: Rule = withValues(
  (value) => {
    const s = text(value);
    if (s === null || isIPv4Range(s) !== true || s.split('/')[0]!.split('.').length !== 4) {
      return 'validation.needBeFormat.IPv4Range';
    }
    const [address = '', prefixText = ''] = s.split('/');
    const prefix = Number(prefixText);
    const net = ipv4Network(s)!;
    const exact = net.first === ipv4Network(`${address}/32`)!.first;
    const inPrivate = PRIVATE_RANGES.some((r) => {
      const p = ipv4Network(r)!;
      return net.first >= p.first && net.first + net.size <= p.first + p.size;
    });
    return exact && inPrivate && prefix >= VPC_PREFIX_MIN && prefix <= VPC_PREFIX_MAX
      ? true
      : 'validation.vpcCidr';
  },
  { min: VPC_PREFIX_MIN, max: VPC_PREFIX_MAX },
);

/** Whether two IPv4 ranges share any address. */
export function ipv4RangesOverlap(a: string, b: string): boolean {
  const x = ipv4Network(a);
  const y = ipv4Network(b);
  return x !== null && y !== null && x.first < y.first + y.size && y.first < x.first + x.size;
}

/**
 * A new range against the tenant's other VPCs' (VPC_ALREADY_EXISTS on the server): the same range
 * or any overlap counts, since a VM joins the first /24 of its VPC and VPC routes need distinct
 * address spaces.
 */
export function vpcCidrConflict(cidr: string, others: readonly string[]): true | string {
  return others.some((o) => ipv4RangesOverlap(o, cidr)) ? 'validation.vpcCidrOverlap' : true;
}

const isBandwidth = integerInRange(VPC_BANDWIDTH_MIN, VPC_BANDWIDTH_MAX);
const bandwidthLimit = z.number({ error: 'validation.needBeIntegerInRange' }).superRefine((value, ctx) => {
  const r = isBandwidth(value);
  if (r !== true) ctx.addIssue({ code: 'custom', message: r, params: isBandwidth.values });
});

/** Create a VPC: the range is checked here and, for overlap with the tenant's others, by the server. */
export const vpcCreateSchema = z.object({
  netName: zRequired(isResourceName),
  cidrIpv4: zRequired(isVpcCidr),
  bandwidthLimit,
  routeLevel: zEnumValue(RouteLevel),
  chargeMode: zEnumValue(ChargeMode),
});
export type VpcCreate = z.infer<typeof vpcCreateSchema>;

/** Change a VPC: name, bandwidth, route level, charge mode. The range stays what it was made with. */
export const vpcUpdateSchema = z.object({
  netName: zRequired(isResourceName).optional(),
  bandwidthLimit: bandwidthLimit.optional(),
  routeLevel: zEnumValue(RouteLevel).optional(),
  chargeMode: zEnumValue(ChargeMode).optional(),
});
export type VpcUpdate = z.infer<typeof vpcUpdateSchema>;

/** The most routes a table holds, the local one included. */
export const VPC_ROUTES_MAX = 50;

/** A route as sent: for a VPC target, the peer's name beside its id. */
export const vpcRouteSchema = z.object({
  destination: z.string(),
  targetType: zEnumValue(RouteTargetType),
  /** An IPv4 next hop (manual), "local", "default", or the peer VPC's uuid (VPC). */
  target: z.string(),
  /** The peer VPC's name for a VPC target; null otherwise. */
  targetName: z.string().nullable(),
});
export type VpcRoute = z.infer<typeof vpcRouteSchema>;

/** A VPC's route table (GET/PUT /api/vpcs/{uuid}/routes): the local route first, then in order. */
export const vpcRouteTableSchema = z.object({
  netUuid: z.string(),
  netName: z.string(),
  cidrIpv4: z.string(),
  status: zEnumValue(VpcStatus),
  pendingOperation: pendingOperationSchema,
  statusReason: statusReasonSchema,
  routes: z.array(vpcRouteSchema),
  /** The routes being programmed, when a change is under way (what the table will be). */
  pendingRoutes: z.array(vpcRouteSchema).nullable(),
});
export type VpcRouteTable = z.infer<typeof vpcRouteTableSchema>;

export const vpcRouteInputSchema = z.object({
  destination: zRequired(),
  targetType: zEnumValue(RouteTargetType),
  target: z.string().trim().max(64),
});
export type VpcRouteInput = z.infer<typeof vpcRouteInputSchema>;

/**
 * The whole table, in order, replacing the one there. The local route may be sent as it is (it is
 * kept first whatever is sent) or left out; it cannot be removed or changed.
 */
export const vpcRoutesPutSchema = z.object({
  routes: z.array(vpcRouteInputSchema).max(VPC_ROUTES_MAX, { error: 'validation.routesMax' }),
});
export type VpcRoutesPut = z.infer<typeof vpcRoutesPutSchema>;

/** The fixed target of the local and default routes. */
export const LOCAL_ROUTE_TARGET = 'local';
export const DEFAULT_ROUTE_TARGET = 'default';

export interface RouteProblem {
  path: string;
  message: string;
  /** The code the server answers with when this is the first problem. */
  code: ErrorCode;
}

/**
 * The route table's rules, for the form and the server alike. `vpc` is the table's own VPC;
 * `peers` the ids of the tenant's other VPCs a VPC route may point at (null: not known here, as
 * in a form without the list, and the server decides). Paths are `routes.<i>.<field>`.
 *
 * - destination: an IPv4 range; no two routes to the same destination (the local one included);
 * - manual: the next hop is an IPv4 address (MANUAL_METHOD_REQUIRES_THE_USE_OF_THE_IPv4_FORMAT)
 *   inside the VPC's range, where the appliance that forwards stands;
 * - local: only the VPC's own range, which is always there (a second local route is refused);
 * - VPC: another of the tenant's VPCs, not this one (VPC_NOT_FOUND).
 */
export function routeTableProblems(
  routes: readonly VpcRouteInput[],
  vpc: { netUuid: string; cidrIpv4: string },
  peers: ReadonlySet<string> | null,
): RouteProblem[] {
  const problems: RouteProblem[] = [];
  const seen = new Map<string, number>();
  const key = (range: string) => {
    const net = ipv4Network(range);
    return net ? `${net.first}/${range.split('/')[1]}` : range;
  };
  seen.set(key(vpc.cidrIpv4), -1);
  routes.forEach((route, i) => {
    const at = (field: string) => `routes.${i}.${field}`;
    const destination = route.destination.trim();
    if (route.targetType === RouteTargetType.LOCAL) {
      if (key(destination) !== key(vpc.cidrIpv4)) {
        problems.push({ path: at('targetType'), message: 'validation.routeLocal', code: 'FORMAT_ERROR' });
      }
      return;
    }
    if (destination === '') {
      problems.push({ path: at('destination'), message: 'validation.notEmpty', code: 'FIELD_MUST_FILL_IN' });
    } else if (isIPv4Range(destination) !== true) {
      problems.push({
        path: at('destination'),
        message: 'validation.needBeFormat.IPv4Range',
        code: 'FORMAT_ERROR',
      });
    } else if (seen.has(key(destination))) {
      problems.push({ path: at('destination'), message: 'validation.routeDuplicate', code: 'FORMAT_ERROR' });
    } else {
      seen.set(key(destination), i);
    }
    const target = route.target.trim();
    if (route.targetType === RouteTargetType.MANUAL) {
      if (!ipv4Text(target)) {
        problems.push({
          path: at('target'),
          message: 'validation.needBeFormat.IPv4',
          code: 'MANUAL_METHOD_REQUIRES_THE_USE_OF_THE_IPv4_FORMAT',
        });
      } else if (!ipv4InRange(target, vpc.cidrIpv4)) {
        problems.push({ path: at('target'), message: 'validation.routeNextHop', code: 'FORMAT_ERROR' });
      }
    } else if (route.targetType === RouteTargetType.VPC) {
      const peer = target.toLowerCase();
      if (peer === '') {
        problems.push({ path: at('target'), message: 'validation.notEmpty', code: 'FIELD_MUST_FILL_IN' });
      } else if (peer === vpc.netUuid.toLowerCase() || (peers !== null && !peers.has(peer))) {
        problems.push({ path: at('target'), message: 'validation.routeTargetVpc', code: 'VPC_NOT_FOUND' });
      }
    }
  });
  return problems;
}

/** The code a refused table is answered with: the first problem's, the IPv4 next hop's first of all. */
export function routeTableRefusal(problems: readonly RouteProblem[]): ErrorCode {
  const manual = problems.find((p) => p.code === 'MANUAL_METHOD_REQUIRES_THE_USE_OF_THE_IPv4_FORMAT');
  return (manual ?? problems[0])!.code;
}

/** The route editor's schema: the table with its rules, for this VPC and these peers. */
export function vpcRoutesFormSchema(
  vpc: { netUuid: string; cidrIpv4: string },
  peers: ReadonlySet<string> | null,
) {
  return vpcRoutesPutSchema.superRefine((body, ctx) => {
    for (const p of routeTableProblems(body.routes, vpc, peers)) {
      ctx.addIssue({
        code: 'custom',
        message: p.message,
        path: p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      });
    }
  });
}

/**
 * What the VPC map draws (GET /api/vpcs/{uuid}/map): the VPC, its subnets (the distinct segments
 * of its interfaces) with their VMs, the firewalls guarding them, its load balancers and the
 * VMs they send to, and its routes other than the local one.
 */
export const vpcMapSchema = z.object({
  vpc: vpcSchema,
  subnets: z.array(
    z.object({
      cidrIpv4: z.string(),
      vms: z.array(
        z.object({
          uuid: z.string(),
          name: z.string(),
          status: z.number().int(),
          privateIpv4: z.string(),
          publicIp: z.string().nullable(),
          firewallUuids: z.array(z.string()),
        }),
      ),
    }),
  ),
  firewalls: z.array(z.object({ uuid: z.string(), name: z.string(), status: z.number().int() })),
  balancers: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      protocol: z.string(),
      port: z.number().int(),
      status: z.number().int(),
      targetVmUuids: z.array(z.string()),
    }),
  ),
  routes: z.array(vpcRouteSchema),
});
export type VpcMap = z.infer<typeof vpcMapSchema>;
