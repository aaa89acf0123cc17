import { describe, expect, it } from 'vitest';
import { REGISTRATION_SECTIONS } from '@portal/shared';
import { LAYOUT } from './registration-fields';

describe('registration form layout', () => {
  it('shows every field of each section exactly once, in that section', () => {
    for (const [section, fields] of Object.entries(REGISTRATION_SECTIONS)) {
      const laid = LAYOUT[section as keyof typeof LAYOUT].flat();
      expect([...laid].sort(), section).toEqual([...fields].sort());
    }
  });
});
