import { describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/shared';
import { PAGES } from './pages';

describe('the pages of the route table', () => {
  it('has a page for every route: /doing is the only placeholder', async () => {
    expect(ROUTES.filter((r) => !(r.id in PAGES)).map((r) => r.id)).toEqual([]);
    // A resource route whose module lacks its page would render the placeholder.
    const placeholder = (await PAGES.doing!()).default;
    const loaded = await Promise.all(
      ROUTES.filter((r) => r.id !== 'doing').map(
        async (r) => [r.id, (await PAGES[r.id]!()).default] as const,
      ),
    );
    expect(loaded.filter(([, page]) => page === placeholder).map(([id]) => id)).toEqual([]);
  }, 60_000);
});
