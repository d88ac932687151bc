import { sql } from 'drizzle-orm';
import { genererCertifikat } from '../../certifikat/generer';
import { krypterNoegle } from '../../certifikat/krypto';
import { laesUpload } from '../../certifikat/validering';
import type { KundeRef } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import { type Executor, rowsOf } from './writer';

/**
 * Administration data of one customer (issue 15): a short history in bruger_admin_log (the
 * customer's administrator was created by the system administrator, a case worker's roles changed),
 * and, when the seed is given the certificate key, the customer's Jupiter certificates. Certificates
 * are generated at seed time with dates relative to the clock, not REFERENCE_DATE: the first
 * customer's (Skive's) active one expires in 25 days, so the page's warning and notification type 3
 * show; an earlier, expired one is kept inactive as its history. The other customers' certificates
 * are valid for most of a year.
 */
export async function lavBrugerAdmin(
  exec: Executor,
  k: KundeRef,
  certifikatNoegle: Buffer | undefined,
  nu: Date = new Date(),
): Promise<{ fra: Date; til: Date } | null> {
  const brugere = rowsOf<{ id: number; username: string; roller: string[] }>(
    await exec.execute(
      sql`SELECT b.id, b.username, bk.roller FROM bruger_kunde bk JOIN bruger b ON b.id = bk.bruger_id
          WHERE bk.kunde_id = ${k.id} ORDER BY b.id`,
    ),
  );
  const system = brugere.find((b) => b.roller.includes('SystemAdmin'));
  const admin = brugere.find((b) => b.roller.includes('KommuneAdmin') && !b.roller.includes('SystemAdmin'));
  const sagsbehandler = brugere.find((b) => !b.roller.includes('KommuneAdmin') && b.roller.length > 0);
  const tilstand = (roller: string[]) => JSON.stringify({ roller, suspenderet: false, suspenderetTil: null });
  const log = async (
    brugerId: number,
    udfoertAf: number | null,
    tid: Date,
    handling: string,
    foer: string | null,
    efter: string,
  ) =>
    exec.execute(
      sql`INSERT INTO bruger_admin_log (kunde_id, bruger_id, udfoert_af, tidspunkt, handling, foer, efter)
          VALUES (${k.id}, ${brugerId}, ${udfoertAf}, ${tid.toISOString()}, ${handling}, ${foer}::jsonb, ${efter}::jsonb)`,
    );
  if (admin)
    await log(
      admin.id,
      system?.id ?? null,
      timestamp(addDays(REFERENCE_DATE, -120), 9, 12),
      'Oprettet',
      null,
      tilstand(admin.roller),
    );
  if (sagsbehandler) {
    const foer = sagsbehandler.roller.filter((r) => r !== sagsbehandler.roller.at(-1));
    await log(
      sagsbehandler.id,
      admin?.id ?? system?.id ?? null,
      timestamp(addDays(REFERENCE_DATE, -40), 13, 47),
      'RollerAendret',
      tilstand(foer),
      tilstand(sagsbehandler.roller),
    );
  }

  if (!certifikatNoegle) return null;
  let aktivt: { fra: Date; til: Date } | null = null;
  const dag = 24 * 3600 * 1000;
  const plus = (dage: number) => new Date(nu.getTime() + dage * dag);
  const certifikater =
    k.index === 0
      ? [
          { fra: plus(-730), til: plus(-340), aktiv: false },
          { fra: plus(-340), til: plus(25.5), aktiv: true },
        ]
      : [{ fra: plus(-120), til: plus(245 + k.index * 20), aktiv: true }];
  for (const c of certifikater) {
    const g = genererCertifikat({
      cn: `${k.navn} – Jupiter-integration`,
      organisation: k.navn,
      fra: c.fra,
      til: c.til,
    });
    // Read back as an upload would be (an expired one is checked as of its own last day).
    const laest = laesUpload(g, c.aktiv ? nu : new Date(c.til.getTime() - dag));
    const krypteret = krypterNoegle(certifikatNoegle, laest.noeglePkcs8, k.id, laest.fingeraftryk);
    await exec.execute(
      sql`INSERT INTO jupiter_certifikat (kunde_id, subjekt, udsteder, serienummer, fingeraftryk, gyldig_fra,
            gyldig_til, certifikat_pem, noegle_krypteret, aktiv, oprettet, oprettet_af)
          VALUES (${k.id}, ${laest.subjekt}, ${laest.udsteder}, ${laest.serienummer}, ${laest.fingeraftryk},
            ${laest.gyldigFra.toISOString()}, ${laest.gyldigTil.toISOString()}, ${laest.certifikatPem}, ${krypteret},
            ${c.aktiv}, ${c.fra.toISOString()}, ${admin?.id ?? null})`,
    );
    if (c.aktiv) aktivt = { fra: c.fra, til: laest.gyldigTil };
  }
  return aktivt;
}
