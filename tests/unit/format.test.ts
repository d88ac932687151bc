import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formatDato,
  formatDatoTid,
  formatDatoTidKort,
  formatHeltal,
  formatIsoDato,
  formatKoordinat,
  formatTal,
  formatTal2,
  isoDatoAf,
  parseDato,
} from '../../src/contract/format';
import '../../src/contract/zod-da';
import { dato, datoTid, flertal, heltal, periode, tal } from '../../src/app/features/validering/format';
import { serialiseDate } from '../../src/app/lib/dates';
import { formatDanskDato, formatDanskTal, parseDanskDato } from '../../src/app/ui/form/parse';
import { type Besluttet, linje } from '../../src/server/routes/validering-beslut';

// Instants are written in local time; the case workers' browsers run in Europe/Copenhagen, so the
// cases below are pinned there (Node re-reads TZ when it is assigned).
const tidligereTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Copenhagen';
});
afterAll(() => {
  if (tidligereTz === undefined) delete process.env.TZ;
  else process.env.TZ = tidligereTz;
});

describe('numbers (da-DK)', () => {
  it('writes two decimals, dot thousands, comma decimals', () => {
    expect(formatTal2(1234.5)).toBe('1.234,50');
    expect(formatTal2(1234567.891)).toBe('1.234.567,89');
    expect(formatTal2(0)).toBe('0,00');
    expect(formatTal2(-3.456)).toBe('-3,46');
    expect(formatTal2(null)).toBe('');
    expect(formatTal2(undefined)).toBe('');
    // The server's log line writes Number(null) for a missing amount, as before.
    expect(formatTal2(Number(null))).toBe('0,00');
  });

  it('writes whole numbers with thousands separators', () => {
    expect(formatHeltal(12345)).toBe('12.345');
    expect(formatHeltal(1234567)).toBe('1.234.567');
    expect(formatHeltal(7)).toBe('7');
    expect(formatHeltal(null)).toBe('');
  });

  it('writes at most two decimals, none when there are none', () => {
    expect(formatTal(1234.5)).toBe('1.234,5');
    expect(formatTal(2.125)).toBe('2,13');
    expect(formatTal(40)).toBe('40');
    expect(formatTal(null)).toBe('');
    expect(formatTal(Number.NaN)).toBe('');
    expect(formatTal(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatTal(1.2345678, 6)).toBe('1,234568');
  });
});

describe('dates', () => {
  it('writes an ISO date as DD-MM-YYYY from its own digits', () => {
    expect(formatIsoDato('2026-03-05')).toBe('05-03-2026');
    // A time after the date does not move the day, whatever the zone.
    expect(formatIsoDato('2026-07-01T23:30:00Z')).toBe('01-07-2026');
    expect(formatIsoDato('05-03-2026')).toBe('');
    expect(formatIsoDato('')).toBe('');
    expect(formatIsoDato(null)).toBe('');
  });

  it('writes a date or an instant as DD-MM-YYYY in Copenhagen time', () => {
    expect(formatDato('2026-03-05')).toBe('05-03-2026');
    // Dates revived from the wire ('2026-03-05' → UTC midnight) stay on their day.
    expect(formatDato(new Date('2026-03-05'))).toBe('05-03-2026');
    expect(formatDato('2026-07-01T22:30:00Z')).toBe('02-07-2026');
    expect(formatDato(new Date('2026-12-31T23:30:00Z'))).toBe('01-01-2027');
    expect(formatDato('')).toBe('');
    expect(formatDato(null)).toBe('');
    expect(formatDato(undefined)).toBe('');
  });

  it('writes an instant as DD-MM-YYYY HH:mm:ss (winter and summer time)', () => {
    expect(formatDatoTid('2026-03-05T13:07:09Z')).toBe('05-03-2026 14:07:09');
    expect(formatDatoTid(new Date('2026-07-01T22:30:05Z'))).toBe('02-07-2026 00:30:05');
    expect(formatDatoTid('2026-03-05T09:15:00')).toBe('05-03-2026 09:15:00');
    expect(formatDatoTid(null)).toBe('');
    expect(formatDatoTidKort('2026-03-05T13:07:09Z')).toBe('05-03-2026 14:07');
    expect(formatDatoTidKort(undefined)).toBe('');
  });

  it('gives the local day of a Date as ISO', () => {
    expect(isoDatoAf(new Date(2026, 0, 9, 8, 0))).toBe('2026-01-09');
    expect(isoDatoAf(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(serialiseDate(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05T13:00:00');
  });

  it('reads DD-MM-YYYY (and its variants) as ISO', () => {
    expect(parseDato('05-03-2026')).toBe('2026-03-05');
    expect(parseDato('5.3.2026')).toBe('2026-03-05');
    expect(parseDato('05/03/2026')).toBe('2026-03-05');
    expect(parseDato('05032026')).toBe('2026-03-05');
    expect(parseDato('2026-03-05T10:00')).toBe('2026-03-05');
    expect(parseDato(' 29-02-2024 ')).toBe('2024-02-29');
    for (const bad of ['29-02-2025', '31-04-2026', '00-01-2026', '01-01-1754', '1-1-26', '', 'i går']) {
      expect(parseDato(bad), bad).toBeNull();
    }
    // What is written reads back.
    expect(parseDato(formatIsoDato('1999-12-31'))).toBe('1999-12-31');
  });
});

describe('coordinates (EPSG:25832)', () => {
  it('writes easting, northing as the register gives them', () => {
    expect(formatKoordinat(575123.4, 6223456)).toBe('575123.4, 6223456');
    expect(formatKoordinat(null, 6223456)).toBe('');
    expect(formatKoordinat(575123, undefined)).toBe('');
  });
});

describe('the call sites use the shared module', () => {
  it('form fields', () => {
    expect(formatDanskDato('2026-03-05T00:00:00')).toBe('05-03-2026');
    expect(formatDanskTal(1234.5)).toBe('1.234,5');
    expect(parseDanskDato('5-3-2026')).toBe('2026-03-05');
  });

  it('validation queues', () => {
    expect(tal(1234.5)).toBe('1.234,50');
    expect(heltal(1234.4)).toBe('1.234');
    expect(dato('2026-03-05')).toBe('05-03-2026');
    expect(periode('2026-01-01', '2026-01-31')).toBe('01-01-2026 – 31-01-2026');
    expect(datoTid('2026-03-05T13:07:09Z')).toBe('05-03-2026 14:07');
    expect(flertal(1200, 'måling', 'målinger')).toBe('1.200 målinger');
  });

  it("the server's log line of a decided entry", () => {
    const r: Besluttet = {
      id: 1,
      vandanlaeg_id: 2,
      fra: '2026-01-01',
      til: '2026-01-31',
      maengde: 1234.5,
      dgu_nr: '200.123',
      indtagsnr: 1,
    };
    expect(linje('anlaeg', r)).toBe('01-01-2026 – 31-01-2026 (DGU 200.123, indtag 1): 1.234,50 m³');
    expect(linje('pejling', { ...r, maengde: 3.2 })).toBe(
      '01-01-2026 (DGU 200.123, indtag 1): 3,20 m under terræn',
    );
    expect(linje('vandproeve', r)).toBe('Udtaget 01-01-2026, 200.123');
  });
});

describe("zod's Danish messages quote bounds with the shared formatting", () => {
  const besked = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it('numbers with up to six decimals, dates as DD-MM-YYYY of the UTC day', () => {
    expect(besked(z.number().max(1234.5).safeParse(2000))).toBe('Må højst være 1.234,5');
    expect(besked(z.number().min(0.000125).safeParse(0))).toBe('Skal være mindst 0,000125');
    expect(besked(z.string().max(1000).safeParse('x'.repeat(1001)))).toBe('Må højst være 1.000 tegn');
    expect(besked(z.date().min(new Date('2026-03-05T00:00:00Z')).safeParse(new Date('2026-01-01')))).toBe(
      'Må ikke ligge før 05-03-2026',
    );
    expect(besked(z.date().max(new Date('2026-03-05T23:30:00Z')).safeParse(new Date('2027-01-01')))).toBe(
      'Må ikke ligge efter 05-03-2026',
    );
  });
});

describe('today in Denmark (idagIDanmark, iDagAf)', () => {
  it('is the Danish calendar day, not the UTC one, around midnight in winter and summer time', async () => {
    const { idagIDanmark, iDagAf } = await import('../../src/contract/format');
    // Winter (UTC+1): 23:30 UTC on 28 November is 00:30 on 29 November in Copenhagen.
    expect(idagIDanmark(new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    expect(idagIDanmark(new Date('2026-11-28T22:59:00Z'))).toBe('2026-11-28');
    // Summer (UTC+2): 22:30 UTC on 30 June is 00:30 on 1 July.
    expect(idagIDanmark(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(idagIDanmark(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(iDagAf(() => new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});
