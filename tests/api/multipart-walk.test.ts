import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultipartDecl } from '../../src/contract/endpoint';
import { queryRows } from '../../src/server/db/client';
import type { RegisteredRoute } from '../../src/server/http/route-registry';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * Issue 31: the bad-input walk over every upload. Each route declared with a multipart body
 * (src/contract/endpoint.ts `multipart`) gets every kind of bad part — its file part missing, empty,
 * misnamed, doubled, with a name that is too long, has a NUL or a control character; each declared
 * text part missing, empty, with NUL, control characters, broken UTF-8, far too long, repeated; a
 * body that is cut off, has no boundary or is not multipart — and must answer a Danish 4xx, never a
 * 5xx. A new upload route fails the walk until it is given a place to upload to below.
 */

const ENGELSK =
  /Invalid|expected|received|Too big|Too small|Required|Unexpected|Body |Unsupported|is not|must|cannot|Request/;

interface Del {
  navn: string;
  filnavn?: string;
  /** Text (UTF-8) or raw bytes. */
  indhold: string | Buffer;
}

function krop(dele: Del[], graense = `mwgraense${Math.random().toString(16).slice(2)}`) {
  const stykker: Buffer[] = [];
  for (const d of dele) {
    const hoved =
      `--${graense}\r\nContent-Disposition: form-data; name="${d.navn}"` +
      (d.filnavn === undefined ? '' : `; filename="${d.filnavn}"\r\nContent-Type: application/octet-stream`) +
      '\r\n\r\n';
    stykker.push(Buffer.from(hoved, 'utf8'), Buffer.isBuffer(d.indhold) ? d.indhold : Buffer.from(d.indhold));
    stykker.push(Buffer.from('\r\n'));
  }
  stykker.push(Buffer.from(`--${graense}--\r\n`));
  return { payload: Buffer.concat(stykker), type: `multipart/form-data; boundary=${graense}` };
}

/** A valid value of each declared text part (the schemas' first enum value, else a name). */
function gyldigeFelter(decl: MultipartDecl): Record<string, string> {
  const ud: Record<string, string> = {};
  for (const [navn, schema] of Object.entries(decl.felter?.shape ?? {})) {
    const options = (schema as { options?: unknown[] }).options;
    ud[navn] = Array.isArray(options) ? String(options[0]) : `Gyldig ${navn}`;
  }
  return ud;
}

/** The bad bodies of one upload: [what, parts or raw body]. */
function daarligeKroppe(decl: MultipartDecl): [string, Del[] | { payload: Buffer; type: string }][] {
  const fil = (filnavn: string | undefined, indhold: Buffer | string = 'x'): Del => ({
    navn: decl.fil,
    filnavn,
    indhold,
  });
  const felter = gyldigeFelter(decl);
  const tekst = (over: Record<string, string | Buffer | null>): Del[] =>
    Object.entries({ ...felter, ...over }).flatMap(([navn, v]) => (v === null ? [] : [{ navn, indhold: v }]));
  const ud: [string, Del[] | { payload: Buffer; type: string }][] = [
    ['no file part', tekst({})],
    ['an empty file', [...tekst({}), fil('tom.docx', Buffer.alloc(0))]],
    ['the file under another name', [...tekst({}), { navn: 'andet', filnavn: 'a.docx', indhold: 'x' }]],
    ['two file parts', [...tekst({}), fil('a.docx'), fil('b.docx')]],
    ['a file name of 300 characters', [...tekst({}), fil(`${'a'.repeat(296)}.png`)]],
    ['a NUL in the file name', [...tekst({}), fil('a\u0000b.png')]],
    ['a control character in the file name', [...tekst({}), fil('a\u0001b.png')]],
    ['a path in the file name', [...tekst({}), fil('../../etc/passwd')]],
    ['a NUL in a part name', [...tekst({}), { navn: 'x\u0000y', indhold: 'v' }, fil('a.png')]],
    [
      'many parts',
      [
        ...tekst({}),
        ...Array.from({ length: 12 }, (_, i) => ({ navn: `f${i}`, indhold: 'v' })),
        fil('a.png'),
      ],
    ],
    [
      'a body cut off',
      { payload: krop([...tekst({}), fil('a.png')]).payload.subarray(0, 60), type: krop([]).type },
    ],
    ['multipart without a boundary', { payload: Buffer.from('--x\r\n\r\n'), type: 'multipart/form-data' }],
    ['a body that is not multipart', { payload: Buffer.from('{"fil":1}'), type: 'application/json' }],
  ];
  for (const navn of Object.keys(felter)) {
    ud.push([`${navn} missing`, [...tekst({ [navn]: null }), fil('a.docx')]]);
    ud.push([`${navn} empty`, [...tekst({ [navn]: '' }), fil('a.docx')]]);
    ud.push([`${navn} with NUL`, [...tekst({ [navn]: 'a\u0000b' }), fil('a.docx')]]);
    ud.push([`${navn} with \\x01 and \\x0b`, [...tekst({ [navn]: 'a\u0001b\u000bc' }), fil('a.docx')]]);
    ud.push([
      `${navn} as broken UTF-8`,
      [...tekst({ [navn]: Buffer.from([0x61, 0xed, 0xa0, 0x80, 0xff]) }), fil('a.docx')],
    ]);
    ud.push([`${navn} of 20,000 characters`, [...tekst({ [navn]: 'x'.repeat(20_000) }), fil('a.docx')]]);
    ud.push([`${navn} repeated`, [...tekst({}), { navn, indhold: 'igen' }, fil('a.docx')]]);
  }
  return ud;
}

describe.each(dbTargets())('multipart bad-input walk on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let vand: string;
  let uploads: RegisteredRoute[];
  /** Where each upload route can upload to in the demo data, with the token allowed to. */
  let steder: Record<string, () => Promise<{ url: string; token: string }>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.tokenFor('admin');
    vand = await t.tokenFor('vand');
    const skive = await t.kundeId(779);
    uploads = t.app.registeredRoutes.filter((r) => r.multipart);
    const en = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q))[0]!;
    steder = {
      '/api/dokumentskabelon/scan/:kundeId': async () => ({
        url: `/api/dokumentskabelon/scan/${skive}`,
        token: admin,
      }),
      '/api/dokumentskabelon/:kundeId': async () => ({ url: `/api/dokumentskabelon/${skive}`, token: admin }),
      '/api/admin/administrativeoplysninger/:id/logo': async () => {
        const r = await en<{ id: number; version: number }>(
          sql`SELECT id, version FROM administrative_oplysninger WHERE kunde_id = ${skive} ORDER BY id LIMIT 1`,
        );
        return {
          url: `/api/admin/administrativeoplysninger/${r.id}/logo?version=${r.version}`,
          token: admin,
        };
      },
      '/api/fil/VandanlaegTilsyn/:id': async () => {
        const r = await en<{ id: number }>(
          sql`SELECT id FROM registrering WHERE kunde_id = ${skive} AND art = 'VandanlaegTilsyn' AND NOT slettet
              ORDER BY id LIMIT 1`,
        );
        return { url: `/api/fil/VandanlaegTilsyn/${r.id}`, token: vand };
      },
    };
  });
  afterAll(async () => t?.close());

  it('finds every declared upload and has a place for each', () => {
    expect(uploads.map((u) => u.url).sort()).toEqual(Object.keys(steder).sort());
  });

  it('answers every bad part of every upload with a Danish 4xx, never a 5xx', async () => {
    const fejl: string[] = [];
    let antal = 0;
    for (const u of uploads) {
      const { url, token } = await steder[u.url]!();
      for (const [hvad, indhold] of daarligeKroppe(u.multipart!)) {
        const k = Array.isArray(indhold) ? krop(indhold) : indhold;
        for (const noegle of [undefined, `walk-${antal}`]) {
          antal++;
          const r = await t.app.inject({
            method: 'POST',
            url,
            payload: k.payload,
            headers: {
              'content-type': k.type,
              authorization: `Bearer ${token}`,
              ...(noegle ? { 'idempotency-key': noegle } : {}),
            },
          });
          const sted = `${u.url} · ${hvad}${noegle ? ' · med nøgle' : ''}`;
          if (r.statusCode >= 500 || r.statusCode < 400) {
            // A body the route accepts is fine only where the bad part is one it ignores.
            if (r.statusCode < 300 && /another name|repeated|many parts|path in the file/.test(hvad))
              continue;
            fejl.push(`${sted}: ${r.statusCode} ${r.body.slice(0, 200)}`);
            continue;
          }
          const body = JSON.parse(r.body) as {
            title?: string;
            message?: string;
            errors?: Record<string, string[]>;
          };
          const tekster = [body.title ?? body.message ?? '', ...Object.values(body.errors ?? {}).flat()];
          if (tekster.some((x) => ENGELSK.test(x))) fejl.push(`${sted}: engelsk ${JSON.stringify(tekster)}`);
        }
      }
    }
    expect(antal).toBeGreaterThan(100);
    expect(fejl).toEqual([]);
  });
});
