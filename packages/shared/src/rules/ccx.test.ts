import { describe, expect, it } from 'vitest';
import { CcxClusterStatus } from '../enums/ccx.js';
import { ccxClusterCreateSchema } from '../schemas/ccx.js';
import { canDeleteCluster, canScaleCluster, ccxScaleProblem } from './ccx.js';

const cluster = (status: CcxClusterStatus, pendingOperation: string | null = null) => ({
  status,
  pendingOperation,
});

describe('CCX cluster rules', () => {
  it('scales only a running cluster the cloud is not changing', () => {
    expect(canScaleCluster(cluster(CcxClusterStatus.RUNNING))).toBe(true);
    for (const status of [
      CcxClusterStatus.CREATING,
      CcxClusterStatus.SCALING,
      CcxClusterStatus.DELETING,
      CcxClusterStatus.ERROR,
    ])
      expect(canScaleCluster(cluster(status))).toBe('CCX_CLUSTER_STATUS_ERROR');
    expect(canScaleCluster(cluster(CcxClusterStatus.RUNNING, 'scale'))).toBe('CCX_CLUSTER_STATUS_ERROR');
  });

  it('deletes a running cluster or one in error, never one being changed', () => {
    expect(canDeleteCluster(cluster(CcxClusterStatus.RUNNING))).toBe(true);
    expect(canDeleteCluster(cluster(CcxClusterStatus.ERROR))).toBe(true);
    expect(canDeleteCluster(cluster(CcxClusterStatus.CREATING, 'create'))).toBe('CCX_CLUSTER_STATUS_ERROR');
    expect(canDeleteCluster(cluster(CcxClusterStatus.SCALING, 'scale'))).toBe('CCX_CLUSTER_STATUS_ERROR');
    expect(canDeleteCluster(cluster(CcxClusterStatus.DELETING, 'delete'))).toBe('CCX_CLUSTER_STATUS_ERROR');
  });

  it('scales to a count the engine runs, other than the one it has', () => {
    expect(ccxScaleProblem({ engine: 'postgresql', nodeCount: 1 }, 3)).toBeNull();
    expect(ccxScaleProblem({ engine: 'postgresql', nodeCount: 1 }, 2)).toBe('validation.needBeOneOf');
    expect(ccxScaleProblem({ engine: 'postgresql', nodeCount: 3 }, 3)).toBe('CCX_NODE_COUNT_UNCHANGED');
    expect(ccxScaleProblem({ engine: 'kubernetes', nodeCount: 3 }, 10)).toBeNull();
    expect(ccxScaleProblem({ engine: 'kubernetes', nodeCount: 3 }, 11)).toBe('validation.needBeOneOf');
  });
});

describe('the create schema', () => {
  const valid = {
    name: 'orders-db',
    engine: 'postgresql',
    version: '16',
    nodeCount: 3,
    nodeSize: '4c8g',
    vpcUuid: '6a1f0c1e-0000-4000-8000-000000000001',
  };
  const problems = (over: Record<string, unknown>) => {
    const result = ccxClusterCreateSchema.safeParse({ ...valid, ...over });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('takes each engine’s own versions only', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ engine: 'mysql', version: '8.4' })).toEqual([]);
    expect(problems({ engine: 'mysql', version: '16' })).toEqual(['version:validation.needBeOneOf']);
    expect(problems({ engine: 'kubernetes', version: '1.29', nodeCount: 2 })).toEqual([
      'version:validation.needBeOneOf',
    ]);
    expect(problems({ engine: 'mongodb' })).toContain('engine:validation.needBeOneOf');
  });

  it('takes 1 or 3 database nodes and 1-10 Kubernetes workers', () => {
    expect(problems({ nodeCount: 1 })).toEqual([]);
    expect(problems({ nodeCount: 2 })).toEqual(['nodeCount:validation.needBeOneOf']);
    expect(problems({ engine: 'redis', version: '7.2', nodeCount: 5 })).toEqual([
      'nodeCount:validation.needBeOneOf',
    ]);
    expect(problems({ engine: 'kubernetes', version: '1.31', nodeCount: 10 })).toEqual([]);
    expect(problems({ engine: 'kubernetes', version: '1.31', nodeCount: 11 })).toEqual([
      'nodeCount:validation.needBeOneOf',
    ]);
    expect(problems({ nodeCount: 1.5 })).toContain('nodeCount:validation.needBeInteger');
  });

  it('takes the catalogue’s node sizes, a resource name and a VPC', () => {
    expect(problems({ nodeSize: '3c5g' })).toEqual(['nodeSize:validation.needBeOneOf']);
    expect(problems({ name: '-bad' })).toEqual(['name:validation.needBeResourceName']);
    expect(problems({ vpcUuid: '' })).toEqual(['vpcUuid:validation.notEmpty']);
  });
});
