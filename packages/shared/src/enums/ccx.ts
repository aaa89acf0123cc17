import { type EnumValue, labelKeyOf } from './enum.js';

/**
 * A CCX cluster's status. The spec gives none, so these are ours, in the numbering the other
 * resources use: -1 error, 0 creating, 1 running, 5 scaling, 6 deleting. Label keys
 * `enums.ccxClusterStatus.<value>`.
 */
export const CcxClusterStatus = { ERROR: -1, CREATING: 0, RUNNING: 1, SCALING: 5, DELETING: 6 } as const;
export type CcxClusterStatus = EnumValue<typeof CcxClusterStatus>;
export const ccxClusterStatusLabelKey = labelKeyOf('ccxClusterStatus', CcxClusterStatus);

/** Statuses that end by themselves: a list polls while any cluster is in one. */
export const CCX_TRANSITIONAL_STATUSES: ReadonlySet<CcxClusterStatus> = new Set<CcxClusterStatus>([
  CcxClusterStatus.CREATING,
  CcxClusterStatus.SCALING,
  CcxClusterStatus.DELETING,
]);
