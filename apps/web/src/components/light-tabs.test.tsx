import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LightTabs } from './light-tabs';

const TABS = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'c', label: 'Gamma' },
] as const;

function Harness() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <>
      <LightTabs idPrefix="t" panelId="p" label="Pick one" tabs={TABS} value={value} onChange={setValue} />
      <div id="p" role="tabpanel" aria-labelledby={`t-${value}`}>
        panel {value}
      </div>
    </>
  );
}

describe('LightTabs', () => {
  it('is a labelled tab list with one selected tab in the tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Pick one' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs[0]?.getAttribute('aria-controls')).toBe('p');
  });

  it('selects on click, and arrow keys, Home and End move the selection and the focus', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Beta' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel b');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Beta' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Gamma' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gamma' }));

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');

    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Alpha' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
  });
});
