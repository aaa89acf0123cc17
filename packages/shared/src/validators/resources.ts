import {
  DATA_DISK_MAX_GB,
  DATA_DISK_MIN_GB,
  RESOURCE_NAME_MAX,
  ROOT_DISK_MAX_GB,
  ROOT_DISK_MIN_GB,
  BUCKET_NAME_MAX,
  BUCKET_NAME_MIN,
  RAM_MAX_GB,
  RAM_MIN_GB,
  RAM_PER_VCPU_MAX,
  TAG_MAX,
  VCPU_MAX,
  VCPU_MIN,
} from '../constants.js';
import { type Rule, charCount, integerOf, text, withValues } from './rule.js';

export const isBucketName: Rule = withValues(
  (value) => {
    const s = text(value);
    // S3's own rule within the spec's: it also begins and ends with a letter or a digit.
    const ok =
      s !== null &&
      s.length >= BUCKET_NAME_MIN &&
      s.length <= BUCKET_NAME_MAX &&
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(s);
    return ok ? true : 'validation.needBeS3Bucket';
  },
  { min: BUCKET_NAME_MIN, max: BUCKET_NAME_MAX },
);

/** A storage folder name: letters and digits only (so never a slash). */
export const isStorageFolder: Rule = (value) => {
  const s = text(value);
  return s !== null && /^[A-Za-z0-9]+$/.test(s) ? true : 'validation.needBeS3Folder';
};

export const isTagKey: Rule = withValues(
  (value) => {
    const s = text(value);
    if (s === null || s.trim() === '') return 'validation.notEmpty';
    if (s === 'id') return 'validation.tagKeyReserved';
    return charCount(s) <= TAG_MAX ? true : 'validation.needBeStringInRange';
  },
  { min: 1, max: TAG_MAX },
);

export const isTagValue: Rule = withValues(
  (value) => {
    const s = text(value) ?? '';
    return charCount(s) <= TAG_MAX ? true : 'validation.needBeStringInRange';
  },
  { min: 0, max: TAG_MAX },
);

/** vCPU: an even count from 2 to 64. */
export const isVcpu: Rule = withValues(
  (value) => {
    const n = integerOf(value);
    return n !== null && n >= VCPU_MIN && n <= VCPU_MAX && n % 2 === 0 ? true : 'validation.vmCpu';
  },
  { min: VCPU_MIN, max: VCPU_MAX },
);

/**
 * RAM (GB): 4 to 256, and between 1x and 8x the vCPU count. The ratio is only checked once the
 * vCPU count is a number (a form may ask for RAM before the CPU is chosen).
 */
export function vmRam(cpu: unknown, ram: unknown): true | string {
  const c = integerOf(cpu);
  const r = integerOf(ram);
  if (r === null || r < RAM_MIN_GB || r > RAM_MAX_GB) return 'validation.vmRamRange';
  if (c !== null && (r < c || r > c * RAM_PER_VCPU_MAX)) return 'validation.vmRamRatio';
  return true;
}

/** Both VM sizing rules at once; answers the first failure. */
export function vmSizing(cpu: unknown, ram: unknown): true | string {
  const c = isVcpu(cpu);
  return c === true ? vmRam(cpu, ram) : c;
}

/**
 * The name of a VM, disk or other console resource: 1 to 64 letters (any script), digits, spaces,
 * dots, hyphens and underscores, starting with a letter or digit, so it reads well in a list and
 * survives a CSV export.
 */
export const isResourceName: Rule = withValues(
  (value) => {
    const s = text(value);
    const ok = s !== null && charCount(s) <= RESOURCE_NAME_MAX && /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(s);
    return ok ? true : 'validation.needBeResourceName';
  },
  { min: 1, max: RESOURCE_NAME_MAX },
);

/** Root volume (GB): at least 50 (spec section 5), at most what one volume can be. */
export const isRootDiskSize: Rule = withValues(
  (value) => {
    const n = integerOf(value);
    return n !== null && n >= ROOT_DISK_MIN_GB && n <= ROOT_DISK_MAX_GB ? true : 'validation.rootDiskSize';
  },
  { min: ROOT_DISK_MIN_GB, max: ROOT_DISK_MAX_GB },
);

/** A data volume (GB). */
export const isDataDiskSize: Rule = withValues(
  (value) => {
    const n = integerOf(value);
    return n !== null && n >= DATA_DISK_MIN_GB && n <= DATA_DISK_MAX_GB ? true : 'validation.dataDiskSize';
  },
  { min: DATA_DISK_MIN_GB, max: DATA_DISK_MAX_GB },
);

/** A tag set may not name one key twice (the second would silently win). */
export function uniqueTagKeys(keys: readonly string[]): true | string {
  return new Set(keys.map((k) => k.trim())).size === keys.length ? true : 'validation.tagKeyDuplicate';
}
