import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenError, TokenService, VERIFICERET_LOFT } from '../../src/server/auth/tokens';

/** Issue 32: a verified token is remembered until it expires, never longer, and never a forged one. */
const claims = (n = 1) => ({
  username: `bruger${n}`,
  userId: String(n),
  customerId: '1',
  customerName: 'Skive Kommune',
  municipalityNumber: '779',
  roles: 'Sagsbehandler',
  modules: 'Virksomhed',
});

const fejlAf = async (p: Promise<unknown>) => {
  try {
    await p;
    return undefined;
  } catch (err) {
    return err instanceof TokenError ? err.reason : err;
  }
};

describe('verified tokens are remembered for their lifetime', () => {
  it('answers the same claims again, and an expired token is expired though it was remembered', async () => {
    // 2 s: a token's times are whole seconds, so one signed late in a second with 1 s to live could be
    // expired at once (exp = the next whole second); with 2 s it lives 1–2 s.
    const tokens = new TokenService(randomBytes(32), 2);
    const token = await tokens.sign(claims());
    const a = await tokens.verify(token);
    expect(tokens.antalKendte).toBe(1);
    expect(await tokens.verify(token)).toEqual(a);
    await new Promise((r) => setTimeout(r, 3100));
    expect(await fejlAf(tokens.verify(token))).toBe('expired');
    expect(tokens.antalKendte).toBe(0);
  });

  it('a token altered after a verified one, or signed with another secret, is invalid', async () => {
    const tokens = new TokenService(randomBytes(32), 3600);
    const token = await tokens.sign(claims());
    await tokens.verify(token);
    const [h, p, s] = token.split('.');
    const aendret = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await fejlAf(tokens.verify(aendret))).toBe('invalid');
    const fremmed = await new TokenService(randomBytes(32), 3600).sign(claims());
    expect(await fejlAf(tokens.verify(fremmed))).toBe('invalid');
    expect(tokens.antalKendte).toBe(1);
  });

  it('remembers at most VERIFICERET_LOFT tokens, forgetting the oldest', async () => {
    const tokens = new TokenService(randomBytes(32), 3600);
    const foerste = await tokens.sign(claims(0));
    await tokens.verify(foerste);
    for (let i = 1; i <= VERIFICERET_LOFT; i++) await tokens.verify(await tokens.sign(claims(i)));
    expect(tokens.antalKendte).toBe(VERIFICERET_LOFT);
    // The oldest was forgotten, and still verifies (again, by its signature).
    expect((await tokens.verify(foerste)).userId).toBe('0');
  });
});
