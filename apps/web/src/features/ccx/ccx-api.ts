import type { CcxCluster, CcxClusterScale, DestructiveBody } from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';

const clusterPath = (c: CcxCluster) => `/ccx-clusters/${encodeURIComponent(c.uuid)}`;

export const scaleCluster = (c: CcxCluster, body: CcxClusterScale, options: RequestOptions) =>
  api.post<CcxCluster>(`${clusterPath(c)}/scale`, body, options);
export const deleteCluster = (c: CcxCluster, body: DestructiveBody, options: RequestOptions) =>
  api.delete<CcxCluster>(clusterPath(c), { ...options, body });
