/**
 * The lists other console pages pick from or price with (the VMs, disks, VPCs and firewalls of the
 * VM form, list filters, the disk, snapshot, snapshot-rule and alarm forms), each asked by its
 * feature's `*-choices` hook. A user without the authority to list them gets an empty list rather
 * than a 403 toast on a page that only offers them as a choice.
 */

/** Every row, in one answer. */
export const ALL_ROWS = { page: 0, limit: 0 };

/** How long a list offered as choices is taken as fresh. */
export const PICKER_STALE_MS = 30_000;
