import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { AlarmCreateForm, AlarmEditForm } from './alarm-form';

const VM = { uuid: '11111111-1111-4111-8111-111111111111', name: 'web-01' };

function renderCreate(answer: (body: unknown) => Response = () => json(200, { data: {} })) {
  const posts: unknown[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/vms') return page([VM]);
    if (url.pathname === '/api/alarms' && init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return answer(body);
    }
    return undefined;
  });
  renderInApp(<AlarmCreateForm />, '/alarm/create');
  return posts;
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(label) }));
  fireEvent.click(
    await within(screen.getByRole('listbox')).findByRole('option', { name: new RegExp(`^${option}`) }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('alarm form', () => {
  it('checks the shared rules as typed and sends a metric alarm with only its own fields', async () => {
    const posts = renderCreate();
    type('alarmName', 'cpu-high');
    await choose('VM', 'web-01');
    type('criticalNumber', '150');
    type('continuance', '0');
    type('emails.0', 'not-an-address');
    fireEvent.click(screen.getByTestId('alarm-save'));
    expect(await screen.findByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number above 0.')).toBeTruthy();
    expect(posts).toEqual([]);

    // Network in is in KB/s: 150 is fine there.
    await choose('Metric', 'Network in');
    type('continuance', '5');
    type('emails.0', 'ops@example.com');
    fireEvent.click(screen.getByTestId('alarm-email-add'));
    type('emails.1', 'OPS@example.com');
    fireEvent.click(screen.getByTestId('alarm-save'));
    expect(await screen.findByText('This address is already in the list.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('alarm-email-remove-1'));
    fireEvent.click(screen.getByTestId('alarm-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      kind: 'metric',
      alarmName: 'cpu-high',
      vmUuid: VM.uuid,
      item: 'netIn',
      operator: '>',
      criticalNumber: 150,
      continuance: 5,
      coolDownTime: 30,
      emails: ['ops@example.com'],
    });
  });

  it('sends a budget alarm with its exact amount, and takes the server’s field problem', async () => {
    const posts = renderCreate(() =>
      json(400, {
        msg: 'FORMAT_ERROR',
        errors: [{ path: 'emails.0', message: 'validation.needBeFormat.Email' }],
      }),
    );
    type('alarmName', 'monthly');
    await choose('Type', 'Monthly budget');
    type('budgetAmount', '12.34567');
    type('emails.0', 'billing@example.com');
    fireEvent.click(screen.getByTestId('alarm-save'));
    expect(await screen.findByText(/Enter an amount above 0, with up to four decimal places/)).toBeTruthy();
    type('budgetAmount', '10000.5');
    fireEvent.click(screen.getByTestId('alarm-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      kind: 'budget',
      alarmName: 'monthly',
      budgetAmount: '10000.5',
      thresholdPct: 80,
      emails: ['billing@example.com'],
    });
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
  });

  it('edits an alarm without its kind and shows its history', async () => {
    const alarm: Alarm = {
      uuid: '22222222-2222-4222-8222-222222222222',
      alarmName: 'cpu-high',
      kind: 'metric',
      item: 'cpu',
      vmUuid: VM.uuid,
      vmName: VM.name,
      operator: '>=',
      criticalNumber: 90,
      continuance: 3,
      coolDownTime: 10,
      budgetAmount: null,
      thresholdPct: null,
      emails: ['ops@example.com'],
      status: 1,
      lastAlarmTime: '2026-03-02T04:06:00.000Z',
      createDate: '2026-03-01T00:00:00.000Z',
      updateDate: '2026-03-01T00:00:00.000Z',
    };
    const patches: unknown[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/vms') return page([VM]);
      if (url.pathname === `/api/alarms/${alarm.uuid}/history`)
        return page([
          {
            id: 'f1',
            at: '2026-03-02T04:06:00.000Z',
            kind: 'breach',
            status: 1,
            value: '93.5000',
            mailed: 1,
          },
        ]);
      if (url.pathname === `/api/alarms/${alarm.uuid}` && init.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return json(200, { data: alarm });
      }
      return undefined;
    });
    renderInApp(<AlarmEditForm row={alarm} />, `/alarm/edit/${alarm.uuid}`);
    const history = await screen.findByTestId('alarm-history');
    expect(within(history).getByText('Alarmed')).toBeTruthy();
    expect(within(history).getByText('93.5 %')).toBeTruthy();
    expect(screen.getByTestId('alarm-kind').textContent).toContain('VM metric');
    type('criticalNumber', '95');
    fireEvent.click(screen.getByTestId('alarm-save'));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      alarmName: 'cpu-high',
      vmUuid: VM.uuid,
      item: 'cpu',
      operator: '>=',
      criticalNumber: 95,
      continuance: 3,
      coolDownTime: 10,
      emails: ['ops@example.com'],
    });
  });
});
