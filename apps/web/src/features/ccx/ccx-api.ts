import {
  type CcxCluster,
  type CcxClusterScale,
  type DestructiveBody,
  ccxClusterContract,
} from '@portal/shared';
import type { RequestOptions } from '../../lib/api/api-client';
import { resourceApi } from '../../lib/resource-kit/resource-api';

const clusters = resourceApi(ccxClusterContract);

export const scaleCluster = (c: CcxCluster, body: CcxClusterScale, options: RequestOptions) =>
  clusters.act('scale', c.uuid, body, options);
export const deleteCluster = (c: CcxCluster, body: DestructiveBody, options: RequestOptions) =>
  clusters.remove(c.uuid, body, options);
