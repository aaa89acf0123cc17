import { afterEach, describe, expect, it, vi } from 'vitest';

const loaders = vi.hoisted(() => ({ home: vi.fn(), login: vi.fn(), doing: vi.fn(), prefetchNamespaces: vi.fn() }));
vi.mock('./pages', () => ({
  PAGES: {
    home: () => (loaders.home(), Promise.resolve({ default: () => null })),
    login: () => (loaders.login(), Promise.resolve({ default: () => null })),
    doing: () => (loaders.doing(), Promise.resolve({ default: () => null })),
  },
}));
vi.mock('../../lib/i18n/i18n', () => ({ prefetchNamespaces: loaders.prefetchNamespaces }));

const { prefetchFirstPage } = await import('./prefetch');

afterEach(() => vi.clearAllMocks());

describe('prefetchFirstPage', () => {
  it('starts the page of a public route and the translations it will ask for', () => {
    prefetchFirstPage('/', 'en');
    expect(loaders.home).toHaveBeenCalledOnce();
    expect(loaders.prefetchNamespaces).toHaveBeenCalledWith('en', ['common', 'portal', 'home']);
  });

  it('ignores the query of the hash path and uses the placeholder for pages not written yet', () => {
    prefetchFirstPage('/login?next=1', 'zh-TW');
    expect(loaders.login).toHaveBeenCalledOnce();
    prefetchFirstPage('/registerQueryDone', 'zh-TW');
    expect(loaders.doing).toHaveBeenCalledOnce();
  });

  it('leaves console routes and unknown paths to the router', () => {
    prefetchFirstPage('/dashboard', 'en');
    prefetchFirstPage('/no/such/page', 'en');
    expect(loaders.prefetchNamespaces).not.toHaveBeenCalled();
    expect(loaders.doing).not.toHaveBeenCalled();
  });
});
