import { describe, expect, it } from 'vitest';
import { RESOURCE_CONTRACTS, ROUTES, manageAuthority } from '@portal/shared';
import { actionLabel, columnLabel } from '../../lib/resource-kit/definition';
import { basePathOf } from '../../lib/resource-kit/resource-api';
import { localeResources } from '../../test/locale-resources';
import { RESOURCE_CHUNKS } from './resource-pages';

/**
 * Every resource of the shared contract list is whole on the web (issue 26): a lazy chunk serves
 * its list page, the chunk's declaration is the contract's (path, authority, route ids), and every
 * column, filter, action, field and tab it shows has words in both languages. The API's half is
 * apps/api/test/resource-completeness.test.ts.
 */
const resources = localeResources();
type Tree = { [key: string]: string | Tree };

/** Whether `key` (`fields.size`, or `ns:key`) has words in `language`, in `namespace` or the kit's. */
function hasWords(language: string, namespace: string, key: string): boolean {
  const [ns, path] = key.includes(':') ? (key.split(':') as [string, string]) : [undefined, key];
  return [ns ?? namespace, ...(ns ? [] : ['resource'])].some((n) => {
    let node: string | Tree | undefined = resources[language]?.[n] as Tree | undefined;
    for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string';
  });
}

const chunkServing = (routeId: string) =>
  Object.values(RESOURCE_CHUNKS).find(
    (chunk) =>
      chunk.routes?.includes(routeId as never) ||
      ROUTES.some((r) => r.id === routeId && chunk.group !== undefined && r.group === chunk.group),
  );

// Credentials are managed inside the exchange pages (a dialog of the exchange list), not as a list of their own.
const SERVED_BY_ANOTHER = new Set(['public-cloud-credentials']);

describe.each(
  RESOURCE_CONTRACTS.filter((c) => !SERVED_BY_ANOTHER.has(c.type)).map((c) => [c.type, c] as const),
)('the web resource %s', (_type, contract) => {
  it('has a chunk whose declaration is its contract', async () => {
    const chunk = chunkServing(contract.routes.list);
    expect(chunk, `register a chunk serving ${contract.routes.list} in resource-pages.ts`).toBeDefined();
    const { resource, pages } = await chunk!.load();
    expect(resource.base).toBe(basePathOf(contract));
    expect(resource.authority).toEqual({ view: contract.authority, manage: manageAuthority(contract) });
    expect(resource.routes).toEqual(contract.routes);
    for (const id of Object.values(contract.routes)) expect(Object.keys(pages), id).toContain(id);
  });

  it('has words in both languages for what it shows', async () => {
    const { resource } = await chunkServing(contract.routes.list)!.load();
    const keys = [
      'list.title',
      ...('create' in contract.routes ? ['actions.create'] : []),
      ...resource.columns.map(columnLabel),
      ...(resource.filters ?? []).map(columnLabel),
      ...(resource.actions ?? []).map(actionLabel),
      ...(resource.listActions ?? []).map(actionLabel),
      ...(resource.detail?.fields ?? []).map(columnLabel),
      ...(resource.detail?.tabs ?? []).map((tab) => `tabs.${tab.id}`),
    ];
    for (const language of ['zh-TW', 'en']) {
      const missing = keys.filter((key) => !hasWords(language, resource.namespace, key));
      expect(missing, `${language}/${resource.namespace}.json`).toEqual([]);
    }
  });
});
