import { decodeJwt } from 'jose';
import { type SessionUser, userFromClaims } from '../../../machines/session';
import {
  type BrugerSettings,
  brugerSettingsSchema,
  defaultBrugerSettings,
  gemBrugerOpsaetning,
  gemKundeOpsaetning,
  hentBrugerOpsaetning,
  hentKundeOpsaetning,
  type KundeSettings,
  kundeSettingsSchema,
  logIndSts,
  skiftKommune,
  tokenClaimsSchema,
} from '../../contract/session';
import type { HttpClient } from '../lib/http';

/** The client decodes the token, never verifies it (spec 000 §3); a bad one raises 'Invalid JWT'. */
export function userFromToken(token: string): SessionUser {
  let payload: unknown;
  try {
    payload = decodeJwt(token);
  } catch {
    throw new Error('Invalid JWT');
  }
  const claims = tokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw new Error('Invalid JWT');
  return userFromClaims(claims.data);
}

/** Session calls of spec 000 §7, on top of the shared HTTP client. */
export function sessionApi(http: HttpClient) {
  return {
    async exchangeStsId(stsId: string): Promise<string> {
      // Silent: a failed sign-on is shown on /stserror, not in the error modal.
      try {
        const answer = await http.call(logIndSts, { body: { stsId }, silent: true });
        if (answer.success) return answer.data;
        throw new Error(answer.error);
      } catch (err) {
        const body = (err as { failure?: { body?: { error?: string } } }).failure?.body;
        throw new Error(body?.error ?? (err instanceof Error ? err.message : 'Log ind mislykkedes'));
      }
    },
    async changeMunicipality(kundeId: number): Promise<string> {
      const answer = await http.call(skiftKommune, { query: { municipalityId: kundeId } });
      return answer.data;
    },
    async loadBrugerSettings(): Promise<BrugerSettings> {
      const answer = await http.call(hentBrugerOpsaetning, {});
      const parsed = brugerSettingsSchema.safeParse(JSON.parse(answer.opsaetning));
      return parsed.success ? parsed.data : defaultBrugerSettings();
    },
    async saveBrugerSettings(settings: BrugerSettings): Promise<void> {
      await http.call(gemBrugerOpsaetning, { body: { opsaetning: JSON.stringify(settings) } });
    },
    async loadKundeSettings(kundeId: number): Promise<KundeSettings> {
      const answer = await http.call(hentKundeOpsaetning, { params: { kundeId } });
      const parsed = kundeSettingsSchema.safeParse(JSON.parse(answer.opsaetning));
      return parsed.success ? parsed.data : { favorites: [] };
    },
    async saveKundeSettings(kundeId: number, settings: KundeSettings): Promise<void> {
      await http.call(gemKundeOpsaetning, { body: { kundeId, opsaetning: JSON.stringify(settings) } });
    },
  };
}
export type SessionApi = ReturnType<typeof sessionApi>;
