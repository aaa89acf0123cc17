import type { Layout } from '@portal/shared';
import { type PageLoader, withTexts } from './lazy-page';

/**
 * The frame of each layout, a chunk of its own (a Home visitor never downloads the console's
 * shell), loaded with the translation namespaces the frame shows.
 */
export const LAYOUTS: Record<Layout, PageLoader> = {
  portal: withTexts(['portal'], () => import('../layouts/portal/portal-layout')),
  console: withTexts(['console', 'menu', 'search'], () => import('../layouts/console/console-layout')),
  ops: withTexts(['ops'], () => import('../layouts/ops/ops-layout')),
};
