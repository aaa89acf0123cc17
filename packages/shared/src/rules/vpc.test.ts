import { describe, expect, it } from 'vitest';
import { VpcStatus } from '../enums/vpc.js';
import {
  ipv4RangesOverlap,
  isVpcCidr,
  vpcCidrConflict,
  routeTableProblems,
  routeTableRefusal,
  vpcCreateSchema,
} from '../schemas/vpc.js';
import { canDeleteVpc, canEditVpc, canEditVpcRoutes, canPlaceVmInVpc } from './vpc.js';

const idle = { status: VpcStatus.AVAILABLE, pendingOperation: null };
const empty = { vmNum: 0, firewallNum: 0, balancerNum: 0, exchangeNum: 0, clusterNum: 0 };

describe('VPC rules', () => {
  it('edits and programs routes only when available and idle', () => {
    expect(canEditVpc(idle)).toBe(true);
    expect(canEditVpcRoutes(idle)).toBe(true);
    expect(canEditVpc({ status: VpcStatus.PROCESSING, pendingOperation: 'update' })).toBe('VPC_STATUS_ERROR');
    expect(canEditVpc({ status: VpcStatus.PROCESSING, pendingOperation: null })).toBe('VPC_STATUS_ERROR');
    expect(canEditVpc({ status: VpcStatus.DELETING, pendingOperation: 'delete' })).toBe('VPC_STATUS_ERROR');
  });

  it('deletes only an idle VPC with nothing in it, naming what remains', () => {
    expect(canDeleteVpc({ ...idle, ...empty })).toBe(true);
    // A VPC whose creation failed may go.
    expect(canDeleteVpc({ status: VpcStatus.PROCESSING, pendingOperation: null, ...empty })).toBe(true);
    expect(canDeleteVpc({ status: VpcStatus.PROCESSING, pendingOperation: 'routes', ...empty })).toBe(
      'VPC_STATUS_ERROR',
    );
    expect(canDeleteVpc({ ...idle, ...empty, vmNum: 1, firewallNum: 1 })).toBe(
      'VPC_ALREADY_HAS_A_VM_ATTACHED',
    );
    expect(canDeleteVpc({ ...idle, ...empty, firewallNum: 1 })).toBe('VPC_HAS_FIREWALLS');
    expect(canDeleteVpc({ ...idle, ...empty, balancerNum: 2 })).toBe('VPC_HAS_LOAD_BALANCERS');
    expect(canDeleteVpc({ ...idle, ...empty, exchangeNum: 1 })).toBe('VPC_HAS_CLOUD_EXCHANGES');
    expect(canDeleteVpc({ ...idle, ...empty, clusterNum: 1 })).toBe('VPC_HAS_CCX_CLUSTERS');
  });
});

describe('a new VM in a VPC', () => {
  it('joins a VPC the cloud has made, even while its routes are programmed', () => {
    expect(canPlaceVmInVpc(idle)).toBe(true);
    expect(canPlaceVmInVpc({ status: VpcStatus.PROCESSING, pendingOperation: 'routes' })).toBe(true);
    expect(canPlaceVmInVpc({ status: VpcStatus.PROCESSING, pendingOperation: 'create' })).toBe(
      'VPC_STATUS_ERROR',
    );
    expect(canPlaceVmInVpc({ status: VpcStatus.PROCESSING, pendingOperation: null })).toBe(
      'VPC_STATUS_ERROR',
    );
    expect(canPlaceVmInVpc({ status: VpcStatus.DELETING, pendingOperation: 'delete' })).toBe('VPC_NOT_FOUND');
  });
});

describe('VPC ranges', () => {
  it('takes a private network address with a prefix /8 to /28', () => {
    for (const ok of ['10.0.0.0/8', '10.1.0.0/16', '172.16.0.0/12', '192.168.10.0/24', '10.0.0.16/28']) {
      expect(isVpcCidr(ok), ok).toBe(true);
    }
    expect(isVpcCidr('10.1.2.3/16')).toBe('validation.vpcCidr');
    expect(isVpcCidr('8.8.8.0/24')).toBe('validation.vpcCidr');
    expect(isVpcCidr('10.0.0.0/29')).toBe('validation.vpcCidr');
    expect(isVpcCidr('0.0.0.0/0')).toBe('validation.vpcCidr');
    expect(isVpcCidr('10/8')).toBe('validation.needBeFormat.IPv4Range');
    expect(isVpcCidr('10.0.0.0')).toBe('validation.needBeFormat.IPv4Range');
  });

  it('tells overlapping ranges', () => {
    expect(ipv4RangesOverlap('10.0.0.0/16', '10.0.5.0/24')).toBe(true);
    expect(ipv4RangesOverlap('10.0.0.0/16', '10.1.0.0/16')).toBe(false);
    expect(ipv4RangesOverlap('10.0.0.0/8', '10.200.0.0/16')).toBe(true);
    expect(vpcCidrConflict('10.1.0.0/16', ['10.0.0.0/16', '10.2.0.0/16'])).toBe(true);
    expect(vpcCidrConflict('10.1.128.0/17', ['10.1.0.0/16'])).toBe('validation.vpcCidrOverlap');
  });

  it('checks bandwidth 1-500 in the create form', () => {
    const base = { netName: 'a', cidrIpv4: '10.1.0.0/16', routeLevel: 1, chargeMode: 1 };
    expect(vpcCreateSchema.safeParse({ ...base, bandwidthLimit: 1 }).success).toBe(true);
    expect(vpcCreateSchema.safeParse({ ...base, bandwidthLimit: 500 }).success).toBe(true);
    for (const bandwidthLimit of [0, 501]) {
      const issue = vpcCreateSchema.safeParse({ ...base, bandwidthLimit }).error?.issues[0];
      expect(issue).toMatchObject({ path: ['bandwidthLimit'], message: 'validation.needBeIntegerInRange' });
    }
  });
});

describe('route table rules', () => {
  const vpc = { netUuid: 'self', cidrIpv4: '10.1.0.0/16' };
  const peers = new Set(['peer']);

  it('accepts manual, default and VPC routes, and the local one as it is', () => {
    expect(
      routeTableProblems(
        [
          { destination: '10.1.0.0/16', targetType: 1, target: 'local' },
          { destination: '0.0.0.0/0', targetType: 2, target: '' },
          { destination: '192.168.0.0/16', targetType: 0, target: '10.1.0.5' },
          { destination: '10.2.0.0/16', targetType: 3, target: 'PEER' },
        ],
        vpc,
        peers,
      ),
    ).toEqual([]);
  });

  it('answers each problem at its field, the IPv4 next hop with the spec’s code', () => {
    const problems = routeTableProblems(
      [
        { destination: '0.0.0.0/0', targetType: 2, target: '' },
        { destination: '192.168.0.0/16', targetType: 0, target: 'router-1' },
        { destination: '10.3.0.0/16', targetType: 3, target: 'stranger' },
      ],
      vpc,
      peers,
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['routes.1.target', 'validation.needBeFormat.IPv4'],
      ['routes.2.target', 'validation.routeTargetVpc'],
    ]);
    expect(routeTableRefusal(problems)).toBe('MANUAL_METHOD_REQUIRES_THE_USE_OF_THE_IPv4_FORMAT');
    expect(routeTableRefusal(problems.slice(1))).toBe('VPC_NOT_FOUND');
  });

  it('leaves a VPC target to the server when the peers are not known', () => {
    expect(
      routeTableProblems([{ destination: '10.3.0.0/16', targetType: 3, target: 'x' }], vpc, null),
    ).toEqual([]);
    expect(
      routeTableProblems([{ destination: '10.3.0.0/16', targetType: 3, target: 'self' }], vpc, null)[0]
        ?.message,
    ).toBe('validation.routeTargetVpc');
  });
});
