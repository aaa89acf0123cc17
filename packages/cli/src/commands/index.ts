import type { Group } from '../command.js';
import { bucket } from './bucket.js';
import { disk } from './disk.js';
import { login } from './login.js';
import { snapshot } from './snapshot.js';
import { usage } from './usage.js';
import { vm } from './vm.js';

/** Every command group of `portal`, in the order the help lists them. */
export const GROUPS: Record<string, Group> = { login, vm, disk, snapshot, bucket, usage };
