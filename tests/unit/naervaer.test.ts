import { describe, expect, it } from 'vitest';
import {
  initialer,
  koeNoegle,
  laesNoegle,
  naervaerBeskedSchema,
  naervaerBodySchema,
  naervaerHaendelser,
  postNoegle,
} from '../../src/contract/naervaer';

describe('presence (nærvær) contract', () => {
  it('makes initials from the first and last name, the first two letters of a single name, in Danish upper case', () => {
    expect(initialer('Vera Vandløb')).toBe('VV');
    expect(initialer('Anne Marie Larsen')).toBe('AL');
    expect(initialer('Øjvind Økonomisen')).toBe('ØØ');
    expect(initialer('åse møller')).toBe('ÅM');
    expect(initialer('Karl-Erik Hansen')).toBe('KH');
    expect(initialer('admin')).toBe('AD');
    expect(initialer('   ')).toBe('?');
  });

  it('names a queue or a record by key, and reads keys back; anything else is no key', () => {
    expect(koeNoegle('pejling')).toBe('validering:pejling');
    expect(postNoegle(42)).toBe('virksomhed:42');
    expect(laesNoegle('validering:vandproeve')).toEqual({ type: 'koe', art: 'vandproeve' });
    expect(laesNoegle('virksomhed:42')).toEqual({ type: 'post', id: 42 });
    for (const junk of [
      'validering:ukendt',
      'virksomhed:0',
      'virksomhed:-1',
      'virksomhed:1x',
      'landbrug:3',
      '',
    ]) {
      expect(laesNoegle(junk), junk).toBeNull();
    }
  });

  it('accepts a cursor or an edit, and refuses what is not one, with Danish messages', () => {
    const klient = 'abcdef123456';
    expect(
      naervaerBodySchema.safeParse({
        klient,
        noegle: 'validering:pejling',
        tilstand: { type: 'markoer', postId: 7 },
      }).success,
    ).toBe(true);
    expect(naervaerBodySchema.safeParse({ klient, noegle: 'virksomhed:3', tilstand: null }).success).toBe(
      true,
    );
    const fejl = (body: unknown) => {
      const r = naervaerBodySchema.safeParse(body);
      expect(r.success).toBe(false);
      return r.error?.issues.map((i) => i.message).join(' ');
    };
    expect(fejl({ klient, noegle: 'validering:x', tilstand: null })).toContain('Ukendt nærværsnøgle');
    expect(fejl({ klient: 'kort', noegle: 'validering:pejling', tilstand: null })).toContain(
      'Ugyldigt klient-id',
    );
    expect(fejl({ klient, noegle: 'virksomhed:3', tilstand: { type: 'redigerer', hvad: ' ' } })).toContain(
      'Angiv hvad der redigeres',
    );
    expect(fejl({ klient, noegle: 'virksomhed:3', tilstand: { type: 'ser' } })).toContain(
      'Ukendt nærværstilstand',
    );
  });

  it("reads the stream's keys from one comma-separated query value: unique, 1–30, each a key", () => {
    const q = naervaerHaendelser.query!;
    const parse = (noegler: string) => q.safeParse({ token: 't', klient: 'abcdef123456', noegler });
    expect(parse('validering:pejling,virksomhed:4,validering:pejling').data?.noegler).toEqual([
      'validering:pejling',
      'virksomhed:4',
    ]);
    expect(parse('').success).toBe(false);
    expect(parse('validering:pejling,landbrug:4').success).toBe(false);
    expect(parse(Array.from({ length: 31 }, (_, i) => `virksomhed:${i + 1}`).join(',')).success).toBe(false);
  });

  it('a message names its sender as the server knows them', () => {
    const m = {
      type: 'tilstand',
      noegle: 'virksomhed:9',
      klient: 'abcdef123456',
      brugerId: 3,
      navn: 'Anne Larsen',
      initialer: 'AL',
      tilstand: { type: 'redigerer', hvad: 'stamoplysninger' },
    };
    expect(naervaerBeskedSchema.parse(m)).toEqual(m);
    expect(naervaerBeskedSchema.safeParse({ ...m, type: 'ukendt' }).success).toBe(false);
  });
});
