import { describe, expect, it } from 'vitest';
import { filStoerrelse } from '../../src/app/lib/fil';

/** The one file-size text of the lists (templates, letters, attachments): B, kB or MB in Danish numbers. */
describe('filStoerrelse', () => {
  it('says bytes below 1 kB, whole kB below 1 MB, MB with one decimal', () => {
    expect(filStoerrelse(0)).toBe('0 B');
    expect(filStoerrelse(1023)).toBe('1023 B');
    expect(filStoerrelse(1024)).toBe('1 kB');
    expect(filStoerrelse(500 * 1024)).toBe('500 kB');
    expect(filStoerrelse(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(filStoerrelse(12_345_678)).toBe('11,8 MB');
  });
});
