import { render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CellContext } from '../../lib/resource-kit/definition';
import { thing, type Thing } from '../../test/resource-kit';
import { nameColumn } from './name-column';

const t = ((key: string) => key) as unknown as TFunction;
const on = (phone: boolean): CellContext => ({ t, language: 'en', phone });

const linked = nameColumn<Thing>({
  id: 'name',
  sortable: true,
  name: (x) => x.name,
  link: (x) => ({ to: `/things/${x.uuid}`, testId: `thing-link-${x.uuid}` }),
  beside: (x) => x.pendingOperation && <span data-testid="busy">{x.pendingOperation}</span>,
  caption: (x, { phone }) => [x.status === 1 && 'running', phone && `#${x.uuid}`],
  below: () => <div>why</div>,
});

const cell = (row: Thing, phone: boolean) =>
  render(<MemoryRouter>{linked.cell!(row, on(phone))}</MemoryRouter>);

describe('nameColumn', () => {
  it('links the name to the row’s page, with its marks, facts and what stands under them', () => {
    cell(thing(1, { status: 1, pendingOperation: 'start' }), false);
    const link = screen.getByTestId('thing-link-t-1');
    expect(link.textContent).toBe('thing 1');
    expect(link.getAttribute('href')).toBe('/things/t-1');
    expect(screen.getByTestId('busy').textContent).toBe('start');
    expect(screen.getByText('running')).toBeTruthy();
    expect(screen.queryByText('#t-1')).toBeNull();
    expect(screen.getByText('why')).toBeTruthy();
  });

  it('tells on a phone what the columns it hides showed', () => {
    cell(thing(2, { status: 1 }), true);
    expect(screen.getByText('running ·')).toBeTruthy();
    expect(screen.getByText('#t-2')).toBeTruthy();
  });

  it('sets a name without a page in bold, and gives the name to the CSV', () => {
    const plain = nameColumn<Thing>({
      id: 'name',
      name: (x) => x.name,
      nameTestId: (x) => `thing-name-${x.uuid}`,
      caption: (_x, { phone }) => phone && ['only on a phone'],
    });
    render(<>{plain.cell!(thing(3), on(false))}</>);
    expect(screen.getByTestId('thing-name-t-3').textContent).toBe('thing 3');
    expect(screen.queryByText('only on a phone')).toBeNull();
    expect(plain.phone).toBe(true);
    expect(plain.text!(thing(3), on(false))).toBe('thing 3');
  });
});
