import { lazy } from 'react';

// What the metrics feature offers the other features: one VM's monitoring (the VM detail's
// monitor tab), the charts and their words loaded when it shows, never with the page that offers it.
export const VmMetricsPanel = lazy(() => import('./vm-metrics-panel'));
