import { describe, expect, it } from 'vitest';
import { isBucketName, isStorageFolder, isTagKey, isTagValue, isVcpu, vmRam, vmSizing } from './resources.js';

describe('isBucketName (3-63 lowercase letters, digits, hyphen)', () => {
  const B = 'validation.needBeS3Bucket';
  it.each(['abc', 'my-bucket-01', 'a'.repeat(63), '123'])('accepts %s', (n) =>
    expect(isBucketName(n)).toBe(true),
  );
  it.each(['ab', 'a'.repeat(64), 'My-Bucket', 'my_bucket', 'my.bucket', 'my bucket', '', '-abc', 'abc-'])(
    'rejects %j',
    (n) => expect(isBucketName(n)).toBe(B),
  );
  it('carries its limits', () => expect(isBucketName.values).toEqual({ min: 3, max: 63 }));
});

describe('isStorageFolder (letters and digits only)', () => {
  it.each(['logs', 'Logs2024'])('accepts %s', (n) => expect(isStorageFolder(n)).toBe(true));
  it.each(['a/b', 'logs/', 'my-logs', 'my logs', '', '資料'])('rejects %j', (n) =>
    expect(isStorageFolder(n)).toBe('validation.needBeS3Folder'),
  );
});

describe('tags', () => {
  it('a key is required, not "id", at most 50 characters', () => {
    expect(isTagKey('env')).toBe(true);
    expect(isTagKey('k'.repeat(50))).toBe(true);
    expect(isTagKey('Id')).toBe(true);
    expect(isTagKey('k'.repeat(51))).toBe('validation.needBeStringInRange');
    expect(isTagKey('id')).toBe('validation.tagKeyReserved');
    expect(isTagKey('')).toBe('validation.notEmpty');
    expect(isTagKey('  ')).toBe('validation.notEmpty');
    expect(isTagKey(undefined)).toBe('validation.notEmpty');
    expect(isTagKey.values).toEqual({ min: 1, max: 50 });
  });
  it('a value may be empty, at most 50 characters', () => {
    expect(isTagValue('')).toBe(true);
    expect(isTagValue(undefined)).toBe(true);
    expect(isTagValue('v'.repeat(50))).toBe(true);
    expect(isTagValue('雲'.repeat(50))).toBe(true);
    expect(isTagValue('v'.repeat(51))).toBe('validation.needBeStringInRange');
    expect(isTagValue.values).toEqual({ min: 0, max: 50 });
  });
  it('counts a character outside the BMP once', () => {
    expect(isTagKey('𡘙'.repeat(50))).toBe(true);
    expect(isTagValue('𡘙'.repeat(51))).toBe('validation.needBeStringInRange');
  });
});

describe('VM sizing', () => {
  it.each([2, 4, 64, '8', '32'])('vCPU %j is even and within 2-64', (c) => expect(isVcpu(c)).toBe(true));
  it.each([0, 1, 3, 63, 66, 128, '5', '', ' 4', '4.0', '0x4', '4e0', 4.5, null, undefined])(
    'vCPU %j fails',
    (c) => expect(isVcpu(c)).toBe('validation.vmCpu'),
  );
  it('vCPU carries its limits', () => expect(isVcpu.values).toEqual({ min: 2, max: 64 }));

  it('RAM is 4-256 GB', () => {
    expect(vmRam(4, 4)).toBe(true);
    expect(vmRam(32, 256)).toBe(true);
    expect(vmRam(2, 3)).toBe('validation.vmRamRange');
    expect(vmRam(64, 257)).toBe('validation.vmRamRange');
    expect(vmRam(4, '8.5')).toBe('validation.vmRamRange');
    expect(vmRam(4, '')).toBe('validation.vmRamRange');
  });
  it('RAM is between 1x and 8x the vCPU count', () => {
    expect(vmRam(8, 8)).toBe(true); // 1x
    expect(vmRam(2, 16)).toBe(true); // 8x
    expect(vmRam('4', '32')).toBe(true);
    expect(vmRam(8, 6)).toBe('validation.vmRamRatio'); // below 1x
    expect(vmRam(2, 18)).toBe('validation.vmRamRatio'); // above 8x
    expect(vmRam(64, 32)).toBe('validation.vmRamRatio');
  });
  it('RAM skips the ratio while the vCPU count is unknown', () => {
    expect(vmRam(undefined, 8)).toBe(true);
    expect(vmRam('', 200)).toBe(true);
    expect(vmRam(undefined, 2)).toBe('validation.vmRamRange');
  });
  it('vmSizing answers the first failure', () => {
    expect(vmSizing(4, 16)).toBe(true);
    expect(vmSizing(3, 16)).toBe('validation.vmCpu');
    expect(vmSizing(4, 300)).toBe('validation.vmRamRange');
    expect(vmSizing(4, 40)).toBe('validation.vmRamRatio');
  });
});
