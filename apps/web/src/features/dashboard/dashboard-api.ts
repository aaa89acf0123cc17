import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USAGE_REFRESH_MS, type Announcement, type Dashboard } from '@portal/shared';
import { api } from '../../lib/api/api-client';

/** While something counted is on its way (launching, stopping, ...), the figures are asked for sooner. */
export const BUSY_REFRESH_MS = 5_000;

/** How many rows of the answer are in a transitional state: the `busy` state of every kind. */
export function busyRows(dashboard: Dashboard | undefined): number {
  if (!dashboard) return 0;
  return Object.values(dashboard.counts).reduce((n, count) => n + (count?.states.busy ?? 0), 0);
}

/**
 * GET /api/dashboard, asked again about every minute (spec section 9: "Dashboard usage data
 * refreshes about every minute"), every 5 s while something is busy, and never while the tab is
 * hidden (TanStack Query pauses an interval in the background). Fresh on every visit.
 */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.get<Dashboard>('/dashboard', { query: { t: Date.now() }, track: false }),
    staleTime: 0,
    refetchInterval: (query) => (busyRows(query.state.data) > 0 ? BUSY_REFRESH_MS : USAGE_REFRESH_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** The current announcements, in the page's language (the API answers in the request's). */
export function useAnnouncements() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['announcements', i18n.language],
    queryFn: () => api.get<Announcement[]>('/announcements', { query: { t: Date.now() }, track: false }),
    staleTime: 0,
    refetchInterval: USAGE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
