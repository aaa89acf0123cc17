import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LifecycleRule } from '@portal/shared';
import { ApiError } from '../../lib/api/api-error';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { LifecycleRuleDialog } from './lifecycle-rule-dialog';

const RULE: LifecycleRule = {
  id: 'r-1',
  prefix: 'logs/',
  tagKey: 'env',
  tagValue: 'dev',
  expirationDays: 14,
  enabled: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

function renderDialog(rule: LifecycleRule | null, onSave: (body: unknown) => Promise<unknown>) {
  fakeApi(ROOT, () => undefined);
  const save = vi.fn(onSave);
  renderInApp(<LifecycleRuleDialog rule={rule} onSave={save} onCancel={() => {}} />, '/bucket/photos');
  return save;
}

const field = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;
const set = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('lifecycle-dialog-submit'));
const POSITIVE = 'Enter a whole number above 0.';

afterEach(() => vi.unstubAllGlobals());

describe('lifecycle rule dialog', () => {
  it('wants a whole number of days above 0 and sends nothing until then', async () => {
    const save = renderDialog(null, () => Promise.resolve());
    for (const days of ['0', '1.5', 'ten', '', '36501']) {
      // A good value first clears the message, so each bad one must bring it back.
      set('expirationDays', '5');
      await waitFor(() => expect(screen.queryByText(POSITIVE)).toBeNull());
      set('expirationDays', days);
      submit();
      expect(await screen.findByText(POSITIVE)).toBeTruthy();
    }
    expect(save).not.toHaveBeenCalled();
  });

  it('wants a tag key when a tag value is given', async () => {
    const save = renderDialog(null, () => Promise.resolve());
    set('tagValue', 'dev');
    submit();
    expect(await screen.findByText('This field cannot be empty.')).toBeTruthy();
    expect(field('tagKey').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the rule as filled in: prefix, tag, days and enabled', async () => {
    const save = renderDialog(null, () => Promise.resolve());
    set('prefix', 'tmp/');
    set('tagKey', 'stage');
    set('tagValue', 'scratch');
    set('expirationDays', '7');
    fireEvent.click(field('enabled'));
    submit();
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        prefix: 'tmp/',
        tagKey: 'stage',
        tagValue: 'scratch',
        expirationDays: 7,
        enabled: false,
      }),
    );
  });

  it('opens an existing rule with its values, and says when it is gone', async () => {
    const save = renderDialog(RULE, () => Promise.reject(new ApiError(404, 'LIFECYCLE_RULE_NOT_FOUND')));
    expect(screen.getByText('Edit lifecycle rule')).toBeTruthy();
    expect(field('prefix').value).toBe('logs/');
    expect(field('tagKey').value).toBe('env');
    expect(field('tagValue').value).toBe('dev');
    expect(field('expirationDays').value).toBe('14');
    expect(field('enabled').checked).toBe(false);
    set('expirationDays', '30');
    submit();
    expect((await screen.findByTestId('lifecycle-dialog-problem')).textContent).toBe(
      'The lifecycle rule was not found.',
    );
    expect(save).toHaveBeenCalledWith({
      prefix: 'logs/',
      tagKey: 'env',
      tagValue: 'dev',
      expirationDays: 30,
      enabled: false,
    });
  });
});
