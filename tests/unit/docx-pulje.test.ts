import { afterEach, describe, expect, it } from 'vitest';
import { SKABELON_IKKE_DOCX } from '../../src/contract/dokumenter';
import { byggeDemoSkabelon } from '../../src/server/dokument/demo-skabelon';
import { aabnDocx, afsnitTekster, DocxFejl, type Udfyldning } from '../../src/server/dokument/docx';
import {
  DocxPulje,
  type DocxPuljeValg,
  SKABELON_FOR_KOMPLEKS,
  SKABELON_FOR_MEGET_HUKOMMELSE,
} from '../../src/server/dokument/docx-pulje';
import { stortDokument } from '../helpers/docx-angreb';

const navne = ['Virksomhed_Navn', 'Tilsyn_Dato', 'Kontrolpunkter', 'Dagsdato', 'Kommune_Afsender'];
const udfyld = (v: Record<string, string>): Udfyldning => ({
  vaerdier: new Map(Object.entries(v)),
  kontrolpunkter: [],
});

const fejlAf = async (p: Promise<unknown>): Promise<DocxFejl> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof DocxFejl) return e;
    throw e;
  }
  throw new Error('ingen fejl');
};

describe('the template workers (issue 31)', () => {
  let pulje: DocxPulje | undefined;
  const ny = (valg: Partial<DocxPuljeValg> = {}) => {
    pulje = new DocxPulje(valg);
    return pulje;
  };
  afterEach(() => pulje?.luk());

  it('scan and fill in a worker: plain data back, a DocxFejl as a DocxFejl, the caller keeps its bytes', async () => {
    const p = ny({ arbejdere: 1 });
    const docx = byggeDemoSkabelon({ bogmaerker: ['Virksomhed_Navn'] });
    const [scan, fyldt, fejl] = await Promise.all([
      p.scan(docx, navne, udfyld({ Virksomhed_Navn: 'Eksempel ApS' })),
      p.fyld(docx, navne, udfyld({ Virksomhed_Navn: 'Hansen & Søn' })),
      fejlAf(p.scan(new Uint8Array([1, 2, 3]), navne, udfyld({}))),
    ]);
    expect(scan.felter).toEqual([expect.objectContaining({ navn: 'Virksomhed_Navn', kendt: true })]);
    expect(scan.forhaandsvisning).toContain('Virksomhed_Navn: Eksempel ApS');
    expect(afsnitTekster(aabnDocx(fyldt))).toContain('Virksomhed_Navn: Hansen & Søn');
    expect(fejl).toBeInstanceOf(DocxFejl);
    expect(fejl).toMatchObject({ status: 400, besked: SKABELON_IKKE_DOCX });
    // The bytes went as a copy: the caller's are whole.
    expect(afsnitTekster(aabnDocx(docx))).toContain('Virksomhed_Navn: [Virksomhed_Navn]');
  });

  it('refuses a job past its time budget (400), stops the worker and serves the next job', async () => {
    // 40,000 paragraphs take seconds in the engine; the demo template takes tens of ms.
    const p = ny({ arbejdere: 1, tidMs: 1000, hukommelseMb: 1024 });
    const stor = stortDokument(40_000);
    expect(await fejlAf(p.scan(stor, navne, udfyld({})))).toMatchObject({
      status: 400,
      besked: SKABELON_FOR_KOMPLEKS,
    });
    const scan = await p.scan(byggeDemoSkabelon(), navne, udfyld({ Virksomhed_Navn: 'Næste ApS' }));
    expect(scan.forhaandsvisning).toContain('Virksomhed_Navn: Næste ApS');
  });

  it('refuses a job that runs the worker out of memory (413), and serves the next job', async () => {
    const p = ny({ arbejdere: 1, hukommelseMb: 48 });
    expect(await fejlAf(p.scan(stortDokument(40_000), navne, udfyld({})))).toMatchObject({
      status: 413,
      besked: SKABELON_FOR_MEGET_HUKOMMELSE,
    });
    const scan = await p.scan(byggeDemoSkabelon(), navne, udfyld({ Virksomhed_Navn: 'Næste ApS' }));
    expect(scan.forhaandsvisning).toContain('Virksomhed_Navn: Næste ApS');
  });

  it('refuses jobs after it is closed', async () => {
    const p = ny();
    await p.luk();
    await expect(p.scan(byggeDemoSkabelon(), navne, udfyld({}))).rejects.toThrow('lukket');
  });
});
