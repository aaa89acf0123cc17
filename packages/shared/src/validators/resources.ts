import {
  BUCKET_NAME_MAX,
  BUCKET_NAME_MIN,
  RAM_MAX_GB,
  RAM_MIN_GB,
  RAM_PER_VCPU_MAX,
  TAG_MAX,
  VCPU_MAX,
  VCPU_MIN,
} from '../constants.js';
import { type Rule, text, withValues } from './rule.js';

export const isBucketName: Rule = withValues(
  (value) => {
    const s = text(value);
    const ok = s !== null && new RegExp(`^[a-z0-9-]{${BUCKET_NAME_MIN},${BUCKET_NAME_MAX}}$`).test(s);
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
    return s.length <= TAG_MAX ? true : 'validation.needBeStringInRange';
  },
  { min: 1, max: TAG_MAX },
);

export const isTagValue: Rule = withValues(
  (value) => {
    const s = text(value) ?? '';
    return s.length <= TAG_MAX ? true : 'validation.needBeStringInRange';
  },
  { min: 0, max: TAG_MAX },
);

/** vCPU: an even count from 2 to 64. */
export const isVcpu: Rule = withValues(
  (value) => {
    const n = Number(text(value));
    return Number.isInteger(n) && n >= VCPU_MIN && n <= VCPU_MAX && n % 2 === 0 ? true : 'validation.vmCpu';
  },
  { min: VCPU_MIN, max: VCPU_MAX },
);

/** RAM (GB): 4 to 256, and between 1x and 8x the vCPU count. */
export function vmRam(cpu: unknown, ram: unknown): true | string {
  const c = Number(text(cpu));
  const r = Number(text(ram));
  if (!Number.isInteger(r) || r < RAM_MIN_GB || r > RAM_MAX_GB) return 'validation.vmRamRange';
  if (Number.isFinite(c) && (r < c || r > c * RAM_PER_VCPU_MAX)) return 'validation.vmRamRatio';
  return true;
}

/** Both VM sizing rules at once; answers the first failure. */
export function vmSizing(cpu: unknown, ram: unknown): true | string {
  const c = isVcpu(cpu);
  return c === true ? vmRam(cpu, ram) : c;
}
