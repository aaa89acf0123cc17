import { fireEvent, render, screen } from '@testing-library/react';
import MenuList from '@mui/material/MenuList';
import { describe, expect, it, vi } from 'vitest';
import { ruleMenuItems } from './rule-menu-items';

const vpcs = [
  { id: 'a', name: 'office', cidr: '10.0.0.0/16', available: true },
  { id: 'b', name: 'lab', cidr: '10.1.0.0/16', available: false },
];

describe('ruleMenuItems', () => {
  it('greys out what the rule refuses, with its reason, and tells the pick of an allowed one', () => {
    const onPick = vi.fn();
    render(
      <MenuList>
        {ruleMenuItems(vpcs, {
          value: (v) => v.id,
          label: (v) => v.name,
          allowedLabel: (v) => `${v.name} (${v.cidr})`,
          rule: (v) => (v.available ? true : 'VPC_STATUS_ERROR'),
          t: (key) => `«${key}»`,
          onPick,
        })}
      </MenuList>,
    );
    const [office, lab] = screen.getAllByRole('menuitem');
    expect(office!.textContent).toBe('office (10.0.0.0/16)');
    expect(office!.getAttribute('aria-disabled')).not.toBe('true');
    expect(lab!.textContent).toMatch(/^lab · «apiError[.:]VPC_STATUS_ERROR»$/);
    expect(lab!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(office!);
    expect(onPick).toHaveBeenCalledWith(vpcs[0]);
  });
});
