import { type DestructiveBody, type Snapshot, snapshotContract } from '@portal/shared';
import type { RequestOptions } from '../../lib/api/api-client';
import { resourceApi } from '../../lib/resource-kit/resource-api';

const snapshots = resourceApi(snapshotContract);

export const restoreSnapshot = (s: Snapshot, body: DestructiveBody, options: RequestOptions) =>
  snapshots.act('restore', s.uuid, body, options);
export const deleteSnapshot = (s: Snapshot, body: DestructiveBody, options: RequestOptions) =>
  snapshots.remove(s.uuid, body, options);
