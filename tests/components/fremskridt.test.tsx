// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Fremskridt } from '../../src/app/ui/Fremskridt';

afterEach(cleanup);

/** A long job's progress bar (issue 32): its value in percent for assistive technology, its words beside it. */
describe('Fremskridt', () => {
  it('gives the percent done as aria-valuenow and says how many of how many', () => {
    render(
      <Fremskridt titel="Danner fakturaforslag for 2026" done={1234} total={5000} enhed="virksomheder" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Danner fakturaforslag for 2026' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('25 % – 1.234 af 5.000 virksomheder');
    expect(
      screen.getByText('Danner fakturaforslag for 2026: 25 % – 1.234 af 5.000 virksomheder'),
    ).toBeTruthy();
  });

  it('has no value while the total is not known, and never more than 100 %', () => {
    const { rerender } = render(<Fremskridt titel="Overfør" done={0} total={0} enhed="fakturaer" />);
    const bar = screen.getByRole('progressbar', { name: 'Overfør' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('aria-valuetext')).toBe('Starter …');
    rerender(<Fremskridt titel="Overfør" done={12} total={10} enhed="fakturaer" />);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('100 % – 10 af 10 fakturaer');
  });
});
