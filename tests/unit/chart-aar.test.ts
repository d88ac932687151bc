import { describe, expect, it } from 'vitest';
import { AAR_SKRIDT, aarTekster } from '../../src/app/features/vandanlaeg/ChartAar';

/** The yearly chart's x axis shows whole years only (issue 30: never '2016.5'). */
describe('the year axis of the pumped-quantity chart', () => {
  it('steps by whole years and leaves a tick between two years without text', () => {
    expect(AAR_SKRIDT.every(Number.isInteger)).toBe(true);
    expect(aarTekster([2016, 2016.5, 2017])).toEqual(['2016', '', '2017']);
  });
});
