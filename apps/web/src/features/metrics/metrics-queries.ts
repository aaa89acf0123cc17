import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type MetricVm,
  type MetricWindow,
  type TotalMetricWindow,
  type TotalMetrics,
  type VmMetrics,
  USAGE_REFRESH_MS,
} from '@portal/shared';
import { api } from '../../lib/api/api-client';
import type { Paged } from '../../lib/api/resource';

/** The metrics queries: a VM's chart, the tenant's total, the VM filter. */
export const metricKeys = {
  all: ['metrics'] as const,
  vm: (vmId: string, window: MetricWindow) => ['metrics', 'vm', vmId, window] as const,
  total: (window: TotalMetricWindow) => ['metrics', 'total', window] as const,
  vms: (search: string) => ['metrics', 'vms', search] as const,
};

/**
 * Asked again as often as samples come: each minute (USAGE_REFRESH_MS), more often where the
 * server samples more often (a browser journey's portal), never more than every 5 s.
 */
const refreshOf = (data: { sampleSeconds: number } | undefined) =>
  data ? Math.max(5_000, Math.min(USAGE_REFRESH_MS, data.sampleSeconds * 1000)) : USAGE_REFRESH_MS;

/** A VM's chart as a query (one VM's page, or one of several compared). */
export const vmMetricsQuery = (vmId: string, window: MetricWindow) => ({
  queryKey: metricKeys.vm(vmId, window),
  queryFn: () =>
    api.get<VmMetrics>(`/metrics/vms/${encodeURIComponent(vmId)}`, {
      query: { window },
      track: false,
      handleErrors: true,
    }),
  refetchInterval: (query: { state: { data: VmMetrics | undefined } }) => refreshOf(query.state.data),
  // A new window keeps the old chart on screen until its own answer comes.
  placeholderData: keepPreviousData,
});

export function useVmMetrics(vmId: string, window: MetricWindow) {
  return useQuery(vmMetricsQuery(vmId, window));
}

export function useTotalMetrics(window: TotalMetricWindow) {
  return useQuery({
    queryKey: metricKeys.total(window),
    queryFn: () =>
      api.get<TotalMetrics>('/metrics/total', { query: { window }, track: false, handleErrors: true }),
    refetchInterval: (query) => refreshOf(query.state.data),
    placeholderData: keepPreviousData,
  });
}

/** The VM filter: a page of the tenant's VMs whose name or address holds `search`. */
export function useMetricVms(search: string, limit = 20) {
  return useQuery({
    queryKey: metricKeys.vms(search),
    queryFn: () =>
      api.get<Paged<MetricVm>>('/metrics/vms', {
        query: { search: search || undefined, limit, page: 0 },
        track: false,
        handleErrors: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
