import type { DestructiveBody, Snapshot } from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';

const snapshotPath = (s: Snapshot) => `/snapshots/${encodeURIComponent(s.uuid)}`;

export const restoreSnapshot = (s: Snapshot, body: DestructiveBody, options: RequestOptions) =>
  api.post<Snapshot>(`${snapshotPath(s)}/restore`, body, options);
export const deleteSnapshot = (s: Snapshot, body: DestructiveBody, options: RequestOptions) =>
  api.delete<Snapshot>(snapshotPath(s), { ...options, body });
