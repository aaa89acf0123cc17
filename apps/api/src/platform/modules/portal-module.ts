import type { Language } from '@portal/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { BucketBackend } from '../../storage/buckets/bucket-backend.js';
import type { PasswordHasher } from '../passwords.js';
import type { SecretBox } from '../secret-box.js';
import type { Platform } from './platform.js';

/**
 * What a module gives the modules that need it, by the giver's name. Each giving module adds its
 * entry beside its definition, so the needing one is typed without importing it (features do not
 * import each other):
 *
 *     declare module '../../platform/modules/portal-module.js' {
 *       interface ModuleGifts { usage: UsageGift }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleGifts {}

/** What the module of this name gives: its entry in ModuleGifts, or nothing. */
export type GiftOf<Name extends string> = Name extends keyof ModuleGifts ? ModuleGifts[Name] : void;

/** The gifts of the modules named in `needs`, by name. */
export type GiftsOf<Needs extends readonly string[]> = { [N in Needs[number]]: GiftOf<N> };

/** Where a demo seed writes: the demo tenant made by the start (seed/demo-seed.ts), and its means. */
export interface DemoSeedContext {
  db: Db;
  /** The demo client. */
  clientId: string;
  /** The demo customer's language (DEMO_LANGUAGE): whatever it wrote is in it. */
  language: Language;
  /** The box the app opens sealed secrets with (SECRETS_KEY, or the key kept in DATA_DIR). */
  secrets: SecretBox;
  buckets: BucketBackend;
  passwords: PasswordHasher;
  /** DEMO_PASSWORD. */
  password: string;
  /**
   * CLOUD_DRIVER: on a real cloud (`libvirt`) the demo fleet's VMs, disks and snapshots would be
   * records of machines that do not exist there, so only what the customer needs to start is seeded.
   */
  cloudDriver: Config['cloudDriver'];
}

/** A module's demo data, seeded at start after the seeds of the modules it needs. */
export interface DemoSeed {
  /** Seeds on the start that creates the demo tenant; with `everyStart`, on every start (idempotent). */
  everyStart?: boolean;
  seed(ctx: DemoSeedContext): Promise<unknown>;
}

/**
 * One domain of the API. `register` puts in its routes (as plugins of `platform.app`), its
 * operation kinds, jobs and schedules, and returns what it gives others (ModuleGifts). It runs
 * after the modules named in `needs`, and receives what they gave.
 */
export interface PortalModule<
  Name extends string = string,
  Needs extends readonly string[] = readonly string[],
> {
  name: Name;
  needs: Needs;
  register(platform: Platform, given: GiftsOf<Needs>): Promise<GiftOf<Name>>;
  demo?: DemoSeed;
}

/** Any module, as the list holds them (what each gives is checked where it is defined). */
export interface ListedModule {
  readonly name: string;
  readonly needs: readonly string[];
  register(platform: Platform, given: Record<string, unknown>): Promise<unknown>;
  readonly demo?: DemoSeed;
}

/** A module, typed by its name and needs: it receives its needs' gifts and must give its own. */
export function defineModule<const Name extends string, const Needs extends readonly string[] = []>(module: {
  name: Name;
  needs?: Needs;
  register(platform: Platform, given: GiftsOf<Needs>): Promise<GiftOf<Name>>;
  demo?: DemoSeed;
}): PortalModule<Name, Needs> {
  return { ...module, needs: module.needs ?? ([] as const as unknown as Needs) };
}
