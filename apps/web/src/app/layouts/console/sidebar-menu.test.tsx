import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuFor } from '@portal/shared';
import { SidebarMenu } from './sidebar-menu';

const menu = menuFor(() => true);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarMenu menu={menu} />
    </MemoryRouter>,
  );
}

describe('<SidebarMenu>', () => {
  it('lights the entry of the current page and opens its group', () => {
    renderAt('/iam');
    expect(screen.getByTestId('sidebar-link-iam').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('sidebar-group-account').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('sidebar-group-compute').getAttribute('aria-expanded')).toBe('false');
  });

  it('lights the list entry on its create and edit pages', () => {
    renderAt('/editIAM/42');
    expect(screen.getByTestId('sidebar-link-iam').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('sidebar-group-account').getAttribute('aria-expanded')).toBe('true');
  });

  it('tells two entries of one page group apart', () => {
    renderAt('/createSnapshotRule');
    expect(screen.getByTestId('sidebar-link-snapshotRule').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('sidebar-link-snapshot').getAttribute('aria-current')).toBeNull();
  });
});
