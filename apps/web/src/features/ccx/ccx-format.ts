import type { TFunction } from 'i18next';
import { type CcxCluster, ccxEngine, ccxNodeSize } from '@portal/shared';

/** "PostgreSQL 16" */
export const engineText = (c: { engine: string; version: string }) =>
  `${ccxEngine(c.engine)?.label ?? c.engine} ${c.version}`;

/** "4 vCPU / 8 GB" */
export const sizeText = (id: string, t: TFunction) => {
  const size = ccxNodeSize(id);
  return size ? t('ccx:values.size', { cpu: size.cpu, ram: size.ramGb }) : id;
};

/** "3", or "3 → 5" while a scale runs. */
export const nodesText = (c: CcxCluster) =>
  c.targetNodeCount !== null && c.targetNodeCount !== c.nodeCount
    ? `${c.nodeCount} → ${c.targetNodeCount}`
    : String(c.nodeCount);

/** Where clients connect: the cloud's host and the engine's port. */
export const endpointText = (c: CcxCluster) => {
  if (!c.endpoint) return null;
  const port = ccxEngine(c.engine)?.port;
  return port ? `${c.endpoint}:${port}` : c.endpoint;
};
