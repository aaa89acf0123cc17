/** Business constants and limits of spec section 9. */
export const TOAST_LIFETIME_MS = 5000;
export const TOAST_SWEEP_MS = 1000;
export const TOAST_TRANSITION_MS = 500;

export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 0;
/** Page sizes offered by tables; 0 means "all" (no paging). */
export const PAGE_SIZES = [10, 20, 50, 100, 0] as const;
export const MAX_PAGE_SIZE = 10000;
export const REQUEST_DEDUP_MS = 200;
export const PRODUCT_LIST_THROTTLE_MS = 200;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 32;
export const BUCKET_NAME_MIN = 3;
export const BUCKET_NAME_MAX = 63;
export const PORT_MIN = 1;
export const PORT_MAX = 65535;
export const TAG_MAX = 50;
export const IPV4_PREFIX_MAX = 32;
export const IPV6_PREFIX_MAX = 128;

export const LOG_CODE_MIN = 10001;
export const LOG_CODE_MAX = 10025;
export const LOGOUT_LOG_CODE = 10008;

export const MAX_DATA_DISKS = 3;
export const ROOT_DISK_MIN_GB = 50;
/** Volume sizes are ours (the spec gives only the root minimum): 16 TB is a common block-volume cap. */
export const ROOT_DISK_MAX_GB = 2048;
export const DATA_DISK_MIN_GB = 10;
export const DATA_DISK_MAX_GB = 16384;
/** Names of console resources (VMs, disks, ...). */
export const RESOURCE_NAME_MAX = 64;
/** Tags on one resource (a bound so a tag set stays a list a person can read). */
export const MAX_TAGS_PER_RESOURCE = 50;
/** Hours in the month of an estimate (365 × 24 / 12), the usual cloud convention. */
export const HOURS_PER_MONTH = 730;
export const VCPU_MIN = 2;
export const VCPU_MAX = 64;
export const RAM_MIN_GB = 4;
export const RAM_MAX_GB = 256;
/** RAM must be between 1x and 8x the vCPU count. */
export const RAM_PER_VCPU_MAX = 8;

export const VPC_BANDWIDTH_MIN = 1;
export const VPC_BANDWIDTH_MAX = 500;

export const CCIS_MAX_GB = 20_000;
export const CCIS_MIN_GB = 1000;
export const CCIS_STEP_GB = 100;
export const CCIS_REDUCE_WINDOW_DAYS = 30;

/**
 * Annual contracts of VMs (orders, issue 13): the terms a VM may be converted for, in months (the
 * spec names the field only; the data store sells the same three). Data-store contracts keep their
 * own terms (CCIS_CONTRACT_MONTHS).
 */
export const ANNUAL_CONTRACT_MONTHS = [12, 24, 36] as const;
/** An order is "about to expire" (status 2) in its last 30 days: the window in which the user may cancel. */
export const ORDER_EXPIRY_WINDOW_DAYS = 30;
/** An order cancelled within 7 days of its order date is "cancelled under 7 days" (status 7). */
export const ORDER_COOLING_OFF_DAYS = 7;

export const ALARM_MAX_EMAILS = 10;

/** Two-factor codes: 6 digits, valid 5 minutes, dead after 5 wrong tries. */
export const TWO_FA_CODE_LENGTH = 6;
/** A new two-factor code at most this often (from the last one sent): the resend button counts it down. */
export const TWO_FA_RESEND_SECONDS = 30;
export const TWO_FA_CODE_TTL_MS = 5 * 60 * 1000;
export const TWO_FA_MAX_ATTEMPTS = 5;
/**
 * Wrong codes count against the account too, across sign-ins: 10 within 24 hours pause its
 * two-factor step for an hour, and each further wrong code in those 24 hours pauses it again, so a
 * guesser with the password gets a few dozen tries a day at a million codes. A right code or a
 * password reset clears the count.
 */
export const TWO_FA_ACCOUNT_MAX_FAILURES = 10;
export const TWO_FA_FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const TWO_FA_LOCK_MS = 60 * 60 * 1000;

/**
 * Password reset and registration query: one request per address per 24 hours (spec section 9;
 * PASSWORD_RESET_REPEAT, PROCESS_APPLY_REPEAT). The recovery mail's Resend counts it down.
 */
export const ONE_REQUEST_PER_MS = 24 * 60 * 60 * 1000;
/**
 * A second registration verification mail to one address within this time is EMAIL_REPEAT (ours:
 * the first is still on its way); the registration done page's Resend counts it down from the
 * first mail.
 */
export const REGISTER_RESEND_SECONDS = 120;

export const USAGE_REFRESH_MS = 60_000;
export const METRIC_WINDOWS = ['15m', '1h', '12h', '1d'] as const;

export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export const LANGUAGES = ['zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';

export const STORAGE_KEYS = {
  language: 'useLanguage',
  cookieApprove: 'cookieApprove',
  token: 'authorization',
  /** system (the default: follows prefers-color-scheme), light or dark. */
  colorMode: 'colorMode',
} as const;

export const COLOR_MODES = ['system', 'light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const CONSOLE_HEADER_PX = 64;
export const PORTAL_CONTENT_OFFSET_PX = 340;
export const PORTAL_HEADER_LINE_PX = 84.5;
export const PORTAL_LOGO_PX = 45;
export const SIDEBAR_MAX_LEVEL = 4;

/** Client numbers (root account IDs) are 11 digits. */
export const CLIENT_NUMBER_LENGTH = 11;

/** The header that carries a route's log code. */
export const LOG_CODE_HEADER = 'x-log-code';

/** Snapshots a rule keeps per VM (its retained quantity); the oldest beyond it are deleted. */
export const SNAPSHOT_RETAIN_MIN = 1;
export const SNAPSHOT_RETAIN_MAX = 30;
/** VMs one snapshot rule may protect. */
export const SNAPSHOT_RULE_MAX_VMS = 100;
/**
 * When rules run, in the customer's local time: half-daily at both hours, daily and weekly at the
 * first (quiet hours, so a snapshot rarely meets the day's load).
 */
export const SNAPSHOT_RUN_HOURS = [2, 14] as const;
/** A customer's time zone unless they chose another. */
export const DEFAULT_TIME_ZONE = 'Asia/Taipei';

/**
 * Firewalls a customer may have (FIREWALL_OVER_LIMIT): ours, the spec gives no number. 20 is what
 * public clouds commonly start an account with per region, and more than the form's users need.
 */
export const FIREWALL_LIMIT = 20;
/** Rules in one firewall (a table a person can still read and reorder). */
export const FIREWALL_RULES_MAX = 50;
/** A rule's remark, in characters. */
export const FIREWALL_REMARK_MAX = 100;
/** Firewalls one VM may be in (the VM form allows as many). */
export const VM_FIREWALLS_MAX = 5;

/** Object storage (issue 12): S3's limits where the spec gives none. */
export const OBJECT_KEY_MAX_BYTES = 1024;
/** A page of the object browser: S3 answers at most 1,000 keys a call. */
export const OBJECT_PAGE_MAX = 1000;
/** A presigned link lives 1 minute to 7 days (S3's longest). */
export const PRESIGN_MINUTES_MAX = 7 * 24 * 60;
/** Lifecycle expiration: a positive whole number of days, up to 100 years. */
export const LIFECYCLE_DAYS_MAX = 36_500;
/** Lifecycle rules per bucket (S3 allows 1,000; a console list of 100 is plenty). */
export const LIFECYCLE_RULES_MAX = 100;
/** API secret keys per customer. */
export const BUCKET_KEYS_MAX = 20;
