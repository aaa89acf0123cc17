import { describe, expect, it } from 'vitest';
import { tagsPutSchema } from './tags.js';
import { vmCreateSchema, vmUpdateSchema } from './vm.js';
import { vniUpdateRule } from './vni.js';

const valid = {
  name: 'web-1',
  templateUUID: '6a1f0c1e-0000-4000-8000-000000000001',
  cpuCore: 2,
  ramSize: 4,
  rootDiskSize: 50,
  vpcUuid: '3f2b8c4e-1d5a-4c7b-9e0f-2a6b8c1d3e5f',
};
const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('VM create and update schemas', () => {
  it('accepts the smallest valid VM with defaults', () => {
    const r = vmCreateSchema.parse(valid);
    expect(r.dataDisks).toEqual([]);
    expect(r.isAutoAssignPublicIP).toBe(true);
  });

  it('refuses odd vCPU, memory outside 1x-8x, a small root volume and a fourth data disk', () => {
    expect(messages(vmCreateSchema.safeParse({ ...valid, cpuCore: 3 }))).toMatchObject({
      cpuCore: 'validation.vmCpu',
    });
    expect(messages(vmCreateSchema.safeParse({ ...valid, cpuCore: 2, ramSize: 32 }))).toEqual({
      ramSize: 'validation.vmRamRatio',
    });
    expect(messages(vmCreateSchema.safeParse({ ...valid, ramSize: 2 }))).toEqual({
      ramSize: 'validation.vmRamRange',
    });
    expect(messages(vmCreateSchema.safeParse({ ...valid, rootDiskSize: 49 }))).toEqual({
      rootDiskSize: 'validation.rootDiskSize',
    });
    const disk = { diskSize: 20 };
    expect(messages(vmCreateSchema.safeParse({ ...valid, dataDisks: [disk, disk, disk, disk] }))).toEqual({
      dataDisks: 'validation.dataDisksMax',
    });
  });

  it('takes a new size only as vCPU and memory together', () => {
    expect(vmUpdateSchema.safeParse({ cpuCore: 4, ramSize: 8 }).success).toBe(true);
    expect(messages(vmUpdateSchema.safeParse({ cpuCore: 4 }))).toEqual({ ramSize: 'validation.notEmpty' });
    expect(messages(vmUpdateSchema.safeParse({ cpuCore: 4, ramSize: 64 }))).toEqual({
      ramSize: 'validation.vmRamRatio',
    });
    expect(vmUpdateSchema.safeParse({ name: 'renamed' }).success).toBe(true);
  });
});

describe('VNI segment rules', () => {
  it('keeps the segment inside the VPC and the address inside the segment', () => {
    expect(vniUpdateRule({ cidrIpv4: '10.0.2.0/24', privateIpv4: '10.0.2.10' }, '10.0.0.0/16')).toEqual({});
    expect(vniUpdateRule({ cidrIpv4: '10.1.0.0/24' }, '10.0.0.0/16')).toEqual({
      cidrIpv4: 'validation.cidrOutsideVpc',
    });
    expect(vniUpdateRule({ cidrIpv4: '10.0.2.0/24', privateIpv4: '10.0.3.10' }, '10.0.0.0/16')).toEqual({
      privateIpv4: 'validation.ipOutsideCidr',
    });
    expect(vniUpdateRule({ cidrIpv4: '10.0.2.0/24', privateIpv4: '10.0.2.255' }, '10.0.0.0/16')).toEqual({
      privateIpv4: 'validation.ipOutsideCidr',
    });
  });
});

describe('tag sets', () => {
  it('refuses the key "id", a duplicate key and long values', () => {
    expect(tagsPutSchema.safeParse({ tags: [{ key: 'env', value: 'prod' }] }).success).toBe(true);
    expect(messages(tagsPutSchema.safeParse({ tags: [{ key: 'id', value: 'x' }] }))).toEqual({
      'tags.0.key': 'validation.tagKeyReserved',
    });
    expect(messages(tagsPutSchema.safeParse({ tags: [{ key: 'a' }, { key: 'a' }] }))).toEqual({
      tags: 'validation.tagKeyDuplicate',
    });
    expect(messages(tagsPutSchema.safeParse({ tags: [{ key: 'a', value: 'x'.repeat(51) }] }))).toEqual({
      'tags.0.value': 'validation.needBeStringInRange',
    });
  });
});
