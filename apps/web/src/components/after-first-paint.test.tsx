import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

describe('<AfterFirstPaint>', () => {
  it('shows its children after a paint, and a later part only after the earlier one', async () => {
    const seen: string[] = [];
    const Mark = ({ name }: { name: string }) => {
      if (!seen.includes(name)) seen.push(name);
      return <p>{name}</p>;
    };
    render(
      <>
        <Mark name="frame" />
        <AfterFirstPaint frames={2}>
          <Mark name="footer" />
        </AfterFirstPaint>
        <AfterFirstPaint>
          <Mark name="page" />
        </AfterFirstPaint>
      </>,
    );
    expect(screen.queryByText('page')).toBeNull();
    expect(screen.queryByText('footer')).toBeNull();
    await waitFor(() => expect(screen.getByText('footer')).toBeTruthy());
    expect(seen).toEqual(['frame', 'page', 'footer']);
  });
});
