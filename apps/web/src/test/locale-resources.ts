import type { Resource } from 'i18next';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every locale file, loaded at once for tests: { language: { namespace: tree } }. */
export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, tree] of Object.entries(files)) {
    const [, language, file] = /\.\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!language || !file) continue;
    resources[language] = { ...resources[language], [file]: tree as Resource[string][string] };
  }
  return resources;
}
