import { sql } from 'drizzle-orm';
import type { JupiterStatusRaekke } from '../../contract/frister';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import { type Db, queryRows } from '../db/client';

/**
 * Jupiter status (/frister/jupiterstatus): each water plant's latest report to Jupiter
 * (jupiter_indberetning), and the counts per error type (fejlTypeKode/-tekst; the accepted ones as
 * 'Godkendt'), failures first.
 */
interface Raekke {
  vandanlaeg_id: number;
  navn: string;
  jupiter_id: string | null;
  version: number | string;
  sendt: string | Date;
  sendt_af: string | null;
  status: string;
  fejl_type_kode: string | null;
  fejl_type_tekst: string | null;
  antal_fejl: number | string;
}

export async function hentJupiterStatus(db: Db, user: SessionUser) {
  const rows = await queryRows<Raekke>(
    db,
    sql`select distinct on (j.vandanlaeg_id) j.vandanlaeg_id, v.navn, v.jupiter_id, v.version, j.sendt,
        b.navn as sendt_af, j.status, j.fejl_type_kode, j.fejl_type_tekst,
        (select count(*) from jsonb_array_elements(j.element_status) e where e->>'status' = 'Fejl') as antal_fejl
      from jupiter_indberetning j
        join virksomhed v on v.id = j.vandanlaeg_id and not v.slettet and v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG}
          and v.kunde_id = ${user.kundeId}
        left join bruger b on b.id = j.bruger_id
      where j.kunde_id = ${user.kundeId}
      order by j.vandanlaeg_id, j.sendt desc, j.id desc`,
  );
  const raekker: JupiterStatusRaekke[] = rows.map((r) => ({
    vandanlaegId: Number(r.vandanlaeg_id),
    navn: r.navn,
    jupiterId: r.jupiter_id,
    sendt: new Date(r.sendt).toISOString(),
    sendtAf: r.sendt_af,
    status: r.status === 'OK' ? 'OK' : 'Fejl',
    fejlTypeKode: r.status === 'OK' ? null : r.fejl_type_kode,
    fejlTypeTekst: r.status === 'OK' ? null : r.fejl_type_tekst,
    antalFejl: Number(r.antal_fejl),
    version: Number(r.version),
  }));
  raekker.sort(
    (a, b) =>
      (a.status === 'OK' ? 1 : 0) - (b.status === 'OK' ? 1 : 0) ||
      (a.fejlTypeKode ?? '').localeCompare(b.fejlTypeKode ?? '') ||
      a.navn.localeCompare(b.navn, 'da'),
  );
  const grupper = new Map<string, { fejlTypeKode: string | null; fejlTypeTekst: string; antal: number }>();
  for (const r of raekker) {
    const key = r.status === 'OK' ? '' : (r.fejlTypeKode ?? '?');
    const g = grupper.get(key) ?? {
      fejlTypeKode: r.status === 'OK' ? null : r.fejlTypeKode,
      fejlTypeTekst: r.status === 'OK' ? 'Godkendt' : (r.fejlTypeTekst ?? 'Ukendt fejl'),
      antal: 0,
    };
    g.antal++;
    grupper.set(key, g);
  }
  return { grupper: [...grupper.values()], raekker };
}
