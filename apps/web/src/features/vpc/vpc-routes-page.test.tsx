import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { VpcRoutesPage } from './vpc-routes-page';
import { type } from '../../test/form-events';

const SELF = 'vpc-self';
const vpc = (netUuid: string, netName: string, cidrIpv4: string) => ({
  netUuid,
  netName,
  cidrIpv4,
  status: 1,
  pendingOperation: null,
});
const TABLE = {
  netUuid: SELF,
  netName: 'web',
  cidrIpv4: '10.1.0.0/16',
  status: 1,
  pendingOperation: null,
  statusReason: null,
  routes: [
    { destination: '10.1.0.0/16', targetType: 1, target: 'local', targetName: null },
    { destination: '0.0.0.0/0', targetType: 2, target: 'default', targetName: null },
  ],
  pendingRoutes: null,
};

function renderEditor(answerPut: (body: unknown) => Response) {
  const puts: unknown[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === `/api/vpcs/${SELF}/routes` && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return answerPut(body);
    }
    // Once a table is sent, the cloud is programming it.
    if (url.pathname === `/api/vpcs/${SELF}/routes`)
      return json(200, {
        data: puts.length > 0 ? { ...TABLE, status: 0, pendingOperation: 'routes' } : TABLE,
      });
    if (url.pathname === '/api/vpcs')
      return page([vpc(SELF, 'web', '10.1.0.0/16'), vpc('vpc-peer', 'db', '10.2.0.0/16')]);
    return undefined;
  });
  renderInApp(
    <Routes>
      <Route path="/editNetRoute/:netId" element={<VpcRoutesPage />} />
    </Routes>,
    `/editNetRoute/${SELF}`,
  );
  return puts;
}

async function choose(row: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(row).getByRole('combobox', { name: new RegExp(label) }));
  fireEvent.click(
    await within(screen.getByRole('listbox')).findByRole('option', { name: new RegExp(option) }),
  );
}

/** The table loaded and the caller's authority known: the editor is open. */
const ready = () =>
  waitFor(() => expect((screen.getByTestId('vpc-route-add') as HTMLButtonElement).disabled).toBe(false));

afterEach(() => vi.unstubAllGlobals());

describe('route table editor', () => {
  it('keeps the local route read-only and adapts the target field to the target type', async () => {
    renderEditor(() => json(200, { data: TABLE }));
    const local = await screen.findByTestId('vpc-route-local');
    await ready();
    expect(local.textContent).toContain('10.1.0.0/16');
    expect(local.querySelector('input')).toBeNull();
    // The default route's target is fixed: no field.
    const first = screen.getByTestId('vpc-route-0');
    expect(within(first).getByText('The internet gateway')).toBeTruthy();
    expect(document.querySelector('input[name="routes.0.target"]')).toBeNull();
    fireEvent.click(screen.getByTestId('vpc-route-add'));
    const added = screen.getByTestId('vpc-route-1');
    // A new route is manual: an IPv4 next hop.
    expect(within(added).getByLabelText(/Next hop/)).toBeTruthy();
    await choose(added, 'Target type', '^VPC$');
    // A VPC target: the tenant's other VPCs, not this one.
    fireEvent.mouseDown(within(added).getByRole('combobox', { name: /^VPC/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['db (10.2.0.0/16)']);
  });

  it('refuses a next hop that is not IPv4 in the form, and sends the table in order once it is right', async () => {
    const puts = renderEditor(() => json(200, { data: { ...TABLE, status: 0, pendingOperation: 'routes' } }));
    await screen.findByTestId('vpc-route-0');
    await ready();
    fireEvent.click(screen.getByTestId('vpc-route-add'));
    type('routes.1.destination', '192.168.5.0/24');
    type('routes.1.target', 'router.local');
    fireEvent.click(screen.getByTestId('vpc-routes-save'));
    expect(await screen.findByText('Enter a valid IPv4 address.')).toBeTruthy();
    type('routes.1.target', '172.16.0.1');
    fireEvent.click(screen.getByTestId('vpc-routes-save'));
    expect(await screen.findByText('The next hop must be an address inside the VPC’s range.')).toBeTruthy();
    expect(puts).toEqual([]);
    type('routes.1.target', '10.1.0.20');
    fireEvent.click(screen.getByTestId('vpc-routes-save'));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          routes: [
            { destination: '0.0.0.0/0', targetType: 2, target: 'default' },
            { destination: '192.168.5.0/24', targetType: 0, target: '10.1.0.20' },
          ],
        },
      ]),
    );
    expect(await screen.findByTestId('vpc-routes-busy')).toBeTruthy();
  });

  it('puts the server’s field problems on the route they name', async () => {
    renderEditor(() =>
      json(400, {
        msg: 'MANUAL_METHOD_REQUIRES_THE_USE_OF_THE_IPv4_FORMAT',
        errors: [{ path: 'routes.0.destination', message: 'validation.routeDuplicate' }],
      }),
    );
    await screen.findByTestId('vpc-route-0');
    await ready();
    fireEvent.click(screen.getByTestId('vpc-routes-save'));
    expect(
      await within(screen.getByTestId('vpc-route-0')).findByText(
        'Another route already has this destination.',
      ),
    ).toBeTruthy();
  });
});
