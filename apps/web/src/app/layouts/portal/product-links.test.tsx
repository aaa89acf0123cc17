import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../../../features/home/home-page';
import SiteMapPage from '../../../features/site-map/site-map-page';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { PRODUCT_LINKS } from '../../../lib/site-config';
import { json } from '../../../test/http';
import { fakeApi, renderInApp } from '../../../test/resource-kit';
import { PortalFooter } from './portal-footer';
import { PortalHeader } from './portal-header';
import PortalMobileMenu from './portal-mobile-menu';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => changeLanguage('en'));
});

const NAMES = { idc: 'IDC colocation', cdn: 'CDN' } as const;

/** Each product link under `prefix`: its name, its configured address, a new tab without opener or referrer. */
function expectProductLinks(prefix: string, names: Record<string, string> = NAMES) {
  for (const link of PRODUCT_LINKS) {
    const anchor = screen.getByTestId(`${prefix}${link.id}`);
    expect(anchor.textContent, link.id).toContain(names[link.id]);
    expect(anchor.getAttribute('href')).toBe(link.href);
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
  }
}

describe('the two external product links', () => {
  it('are configured once, each with an address of its own', () => {
    expect(PRODUCT_LINKS.map((l) => l.id)).toEqual(['idc', 'cdn']);
    expect(new Set(PRODUCT_LINKS.map((l) => l.href)).size).toBe(2);
  });

  it('stand in the header, beside the other outbound links', () => {
    renderInApp(<PortalHeader />, '/');
    expectProductLinks('nav-product-');
    expect(screen.getByTestId('nav-product-idc').getAttribute('aria-label')).toBe(
      'IDC colocation (opens in a new window)',
    );
  });

  it('stand in the narrow-screen menu', () => {
    renderInApp(<PortalMobileMenu open />, '/');
    expectProductLinks('mobile-nav-product-');
  });

  it('stand in the footer, in a list of their own, in either language', async () => {
    renderInApp(<PortalFooter />, '/');
    const nav = screen.getByRole('navigation', { name: 'More services' });
    expect(within(nav).getAllByRole('link')).toHaveLength(2);
    expectProductLinks('footer-product-');
    await act(() => changeLanguage('zh-TW'));
    expect(screen.getByRole('navigation', { name: '更多服務' })).toBeTruthy();
    expectProductLinks('footer-product-', { idc: 'IDC 機房代管', cdn: 'CDN 內容傳遞' });
  });

  it('stand on Home, each with what it is', async () => {
    renderInApp(<HomePage />, '/');
    expect(await screen.findByRole('heading', { name: 'More services' })).toBeTruthy();
    expectProductLinks('home-product-');
    expect(screen.getByText(/Rack space, power and carrier-neutral connectivity/)).toBeTruthy();
    expect(screen.getByTestId('home-product-idc').textContent).toBe('Visit IDC colocation');
    // A space between the Chinese verb and the name that starts in Latin letters, as elsewhere.
    await act(() => changeLanguage('zh-TW'));
    expect(screen.getByTestId('home-product-idc').textContent).toBe('前往 IDC 機房代管');
  });

  it('stand in the site map', async () => {
    fakeApi(true, (url) => (url.pathname === '/api/products' ? json(200, { data: [] }) : undefined));
    renderInApp(<SiteMapPage />, '/webMap');
    const card = screen.getByRole('region', { name: 'More services' });
    expect(within(card).getAllByRole('link')).toHaveLength(2);
    expectProductLinks('site-map-product-link-');
  });
});
