import { randomBytes } from 'node:crypto';
import type { Rolle } from '../../../contract/roles';
import { hashPassword, type PasswordHashCost } from '../../auth/password';
import { DEMO_ADGANGSKODE, DEMO_BRUGERE, DEMO_KUNDER } from '../demo-brugere';
import { bruger, brugerKunde, kunde } from '../schema';
import { type KundeRef, newStats, person, type SeedContext } from './context';
import { ascii, KOMMUNER } from './danish-data';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import { KUNDE_MODULER } from './lookups';
import type { Prng } from './prng';

/** Roles of the extra case workers of every customer (they cannot sign in: random passwords). */
const EKSTRA_ROLLER: Rolle[][] = [
  ['SagsbehandlerVirksomhed'],
  ['SagsbehandlerVirksomhed'],
  ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug'],
  ['SagsbehandlerLandbrug'],
  ['SagsbehandlerVandanlaeg'],
  ['SagsbehandlerVandanlaeg', 'SagsbehandlerVirksomhed'],
];

interface NyBruger {
  username: string;
  navn: string;
  email: string;
  /** customer index -> roles */
  kunder: { index: number; roller: Rolle[] }[];
  /** A demo user signs in with DEMO_ADGANGSKODE; the others cannot sign in. */
  demo: boolean;
}

function planlaegBrugere(prng: Prng): NyBruger[] {
  const out: NyBruger[] = [];
  for (const b of DEMO_BRUGERE) {
    const domaene = KOMMUNER[DEMO_KUNDER[b.kunder[0] ?? 0]!.kundeNr]!.domaene;
    const [fornavn = b.username, ...resten] = b.navn.split(' ');
    out.push({
      username: b.username,
      navn: b.navn,
      email: `${ascii(fornavn)}.${ascii(resten.join(''))}@${domaene}`,
      kunder: b.kunder.map((index) => ({ index, roller: [...b.roller] })),
      demo: true,
    });
  }
  const brugte = new Set(out.map((b) => b.username));
  DEMO_KUNDER.forEach((k, index) => {
    const kommune = KOMMUNER[k.kundeNr]!;
    for (const roller of EKSTRA_ROLLER) {
      let p = person(prng);
      let initialer = '';
      for (let i = 0; i < 50; i++) {
        initialer = ascii(p.fornavn).slice(0, 1) + ascii(p.efternavn).slice(0, 2);
        if (!brugte.has(`${initialer}.${ascii(kommune.by)}`)) break;
        p = person(prng);
      }
      const username = `${initialer}.${ascii(kommune.by)}`;
      brugte.add(username);
      out.push({
        username,
        navn: p.navn,
        email: `${initialer}@${kommune.domaene}`,
        kunder: [{ index, roller }],
        demo: false,
      });
    }
  });
  return out;
}

/**
 * The seeded users' password hashes: the demo users share one hash of the demo password, the other
 * case workers one of a random password that is thrown away (so they cannot sign in). Two argon2
 * hashes, in parallel on the libuv pool, instead of one per user: 28 at the 'normal' cost took
 * 7–8 s of the demo seed's 40. A user whose password is set later gets a hash of their own.
 */
export async function forberedBrugere(prng: Prng, cost: PasswordHashCost) {
  const brugere = planlaegBrugere(prng);
  const [demoHash, ingenHash] = await Promise.all([
    hashPassword(DEMO_ADGANGSKODE, cost),
    hashPassword(randomBytes(18).toString('base64url'), cost),
  ]);
  return brugere.map((b) => ({ ...b, passwordHash: b.demo ? demoHash : ingenHash }));
}

/** Customers, users and memberships; returns the customers with their case-worker pools. */
export function lavKunderOgBrugere(
  ctx: SeedContext,
  brugere: Awaited<ReturnType<typeof forberedBrugere>>,
): KundeRef[] {
  const kunder: KundeRef[] = DEMO_KUNDER.map((k, index) => {
    const id = ctx.writer.push(kunde, {
      navn: k.navn,
      kundeNr: k.kundeNr,
      moduler: [...KUNDE_MODULER],
      oekonomiIntegration: index === 0,
    });
    return {
      index,
      id,
      kundeNr: k.kundeNr,
      navn: k.navn,
      kommune: KOMMUNER[k.kundeNr]!,
      sagsbehandlere: { virksomhed: [], landbrug: [], vandanlaeg: [] },
      brugere: [],
      stats: newStats(),
      brugteNavne: new Set<string>(),
    };
  });
  brugere.forEach((b, i) => {
    const brugerId = ctx.writer.push(bruger, {
      username: b.username,
      navn: b.navn,
      email: b.email,
      passwordHash: b.passwordHash,
      opsaetning: null,
      oprettet: timestamp(addDays(REFERENCE_DATE, -900 + i * 7), 9, 0),
    });
    for (const m of b.kunder) {
      const k = kunder[m.index]!;
      ctx.writer.push(brugerKunde, { brugerId, kundeId: k.id, roller: [...m.roller] });
      // The system administrator is not a case worker of the data.
      if (m.roller.includes('SystemAdmin')) continue;
      const sb = m.roller.filter((r) => r.startsWith('Sagsbehandler') && !r.endsWith('Laes'));
      if (m.roller.includes('SagsbehandlerVirksomhed')) k.sagsbehandlere.virksomhed.push(brugerId);
      if (m.roller.includes('SagsbehandlerLandbrug')) k.sagsbehandlere.landbrug.push(brugerId);
      if (m.roller.includes('SagsbehandlerVandanlaeg')) k.sagsbehandlere.vandanlaeg.push(brugerId);
      if (sb.length > 0 || m.roller.includes('KommuneAdmin')) k.brugere.push({ id: brugerId, navn: b.navn });
    }
  });
  for (const k of kunder) {
    if (k.brugere.length === 0) throw new Error(`Kunde ${k.navn} har ingen sagsbehandlere`);
  }
  return kunder;
}
