import { expect, it } from 'vitest';
import { VmStatus } from '../enums/vm.js';
import * as basic from './basic.js';
import * as identity from './identity.js';
import { VALIDATION_MESSAGE_KEYS } from './message-keys.js';
import * as network from './network.js';
import * as objectKey from './object-key.js';
import * as resources from './resources.js';
import { zEnumValue } from './zod.js';
import { vmCreateSchema } from '../schemas/vm.js';
import { vniUpdateRule } from '../schemas/vni.js';
import { vmFromSnapshotProblems } from '../schemas/snapshot.js';
import { pairKeyRule } from '../schemas/cloud-exchange.js';
import { publicCloudCredentialProblems } from '../schemas/public-cloud.js';
import { balancerProblems } from '../schemas/balancer.js';
import { ticketCreateSchema, ticketReplySchema } from '../schemas/ticket.js';
import { isVpcCidr, routeTableProblems, vpcCidrConflict, vpcRoutesPutSchema } from '../schemas/vpc.js';

it('VALIDATION_MESSAGE_KEYS is exactly what the rules answer', () => {
  const answers = [
    basic.notEmpty(''),
    identity.isPersonId('x'),
    identity.isCompanyId('x'),
    identity.isPersonOrCompanyId('x'),
    network.isIPv4('x'),
    network.isIPv4Range('x'),
    network.isIPv6('x'),
    network.isHost('x y'),
    basic.isEmail('x'),
    basic.isPassword('x'),
    basic.isPhone('x'),
    basic.isInteger('x'),
    basic.integerInRange(1, 2)('x'),
    basic.numberInRange(2)('x'),
    basic.numberGreaterThan(2)('x'),
    basic.isChineseAlphaNumeric('!'),
    basic.stringLength(0)('x'),
    basic.isHex('x'),
    resources.isBucketName('X'),
    resources.isStorageFolder('/'),
    objectKey.isObjectKey('../x'),
    objectKey.isObjectKey('x'.repeat(1025)),
    basic.isIamAccount('@'),
    basic.isAccount(' '),
    basic.isClientNumber('x'),
    basic.isMobile('x'),
    basic.isCaptcha('X'),
    basic.isOtp('x'),
    network.isPort('x'),
    basic.startNotAfterEnd('x', 'y'),
    zEnumValue(VmStatus).safeParse(9).error?.issues[0]?.message,
    basic.startNotAfterEnd('2024-02-01', '2024-01-01'),
    basic.notSelf(1, 1),
    resources.isTagKey('id'),
    network.firewallPort(0, '1'),
    network.firewallPort(1, 'x'),
    network.firewallPort(3, 'x'),
    network.firewallPort(9 as never, 'x'),
    resources.isVcpu(3),
    resources.vmRam(2, 1),
    resources.vmRam(2, 32),
    network.ipv4HostOf('10.0.0.0/24')('10.0.1.1'),
    resources.isResourceName('-x'),
    resources.isRootDiskSize(49),
    resources.isDataDiskSize(1),
    resources.uniqueTagKeys(['a', 'a']),
    vmCreateSchema
      .safeParse({ dataDisks: [{}, {}, {}, {}] })
      .error?.issues.find((i) => i.path[0] === 'dataDisks')?.message,
    vniUpdateRule({ cidrIpv4: '10.1.0.0/24', privateIpv4: '10.1.0.5' }, '10.0.0.0/16').cidrIpv4,
    basic.isStorableText('\u0000'),
    ...Object.values(
      vmFromSnapshotProblems({ rootDiskSize: 50, dataDisks: [] }, [
        { sizeGb: 60, speed: 0, isRoot: true },
        { sizeGb: 10, speed: 0, isRoot: false },
      ]),
    ),
    pairKeyRule(1)('x'),
    pairKeyRule(2)('x'),
    pairKeyRule(3)('x'),
    pairKeyRule(4)('x'),
    publicCloudCredentialProblems({ type: 1, accessKeyId: 'x', secretAccessKey: 'y' }).format.accessKeyId,
    publicCloudCredentialProblems({ type: 2, credentialsJson: '{}' }).format.credentialsJson,
    publicCloudCredentialProblems({
      type: 3,
      applicationId: 'x',
      applicationPassword: 'y',
      directoryId: 'x',
      subscriptionId: 'x',
    }).format.applicationId,
    balancerProblems({ lbType: 2, lbProtocol: 'HTTP' }, { hasCertificate: false }).lbProtocol,
    balancerProblems({ lbType: 2, lbProtocol: 'TCP', lbXforwardedfor: true }, { hasCertificate: false })
      .lbXforwardedfor,
    balancerProblems({ lbType: 2, lbProtocol: 'TCP', lbUrl: 'example.com' }, { hasCertificate: false }).lbUrl,
    ...Object.values(
      balancerProblems(
        { lbType: 1, lbProtocol: 'HTTPS', lbCertificate: 'x', lbPrivateKey: 'x' },
        { hasCertificate: false },
      ),
    ),
    isVpcCidr('10.0.0.1/16'),
    vpcCidrConflict('10.0.5.0/24', ['10.0.0.0/16']),
    ...routeTableProblems(
      [
        { destination: '10.9.0.0/16', targetType: 1, target: 'local' },
        { destination: '10.0.0.0/16', targetType: 2, target: 'default' },
        { destination: '10.7.0.0/16', targetType: 0, target: '10.9.0.1' },
        { destination: '10.8.0.0/16', targetType: 3, target: 'other' },
      ],
      { netUuid: 'self', cidrIpv4: '10.0.0.0/16' },
      new Set(),
    ).map((p) => p.message),
    vpcRoutesPutSchema.safeParse({
      routes: Array.from({ length: 51 }, () => ({ destination: '0.0.0.0/0', targetType: 2, target: '' })),
    }).error?.issues[0]?.message,
    ticketCreateSchema.safeParse({}).error?.issues.find((i) => i.path[0] === 'vmId')?.message,
    ticketReplySchema.safeParse({
      text: 'x',
      attachmentIds: Array.from({ length: 6 }, (_, i) => `6a1f0c1e-0000-4000-8000-00000000000${i}`),
    }).error?.issues[0]?.message,
  ];
  expect(answers).toEqual([...VALIDATION_MESSAGE_KEYS]);
  expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
});
