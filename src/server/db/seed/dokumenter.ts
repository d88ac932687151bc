import { sql } from 'drizzle-orm';
import type { DokumentType } from '../../../contract/dokumenter';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import { lookupListe } from '../../catalog/lookups';
import { bogmaerkeKatalog, bogmaerker, rapportEmner } from '../../dokument/bogmaerker';
import { byggeDemoSkabelon, type DemoSkabelonValg } from '../../dokument/demo-skabelon';
import { aabnDocx, scanFelter } from '../../dokument/docx';
import type { KundeRef } from './context';
import { type Executor, rowsOf } from './writer';

/**
 * Document templates, control points and report texts (issue 15) of one customer: an active letter
 * template per kind 'tilsyn' and 'VandTilsyn' built in code from the bookmark catalogue, three
 * control-point templates (company, farm, water plant) over the Kontrolpunkt/henttemplateemner
 * subjects, a report text per TilsynRapport/henttemplateemner subject, the answers of a few
 * inspections, and a standard set of administrative oplysninger when the customer has none.
 */

const ETIKETTER: Record<string, string> = Object.fromEntries(
  bogmaerker().map((b) => [b.navn, b.beskrivelse.split(' (')[0]!]),
);

/** An inspection report with a header: the bookmarks given, then the conclusion and the signature. */
function rapport(titel: string, bogmaerker: string[]): DemoSkabelonValg {
  return {
    titel,
    sidehoved: true,
    bogmaerker: [...bogmaerker, 'Tilsyn_Konklusion', 'Underskrift_Navn', 'Underskrift_Titel'],
    flettefelter: ['Dagsdato'],
    tags: ['Tilsyn_Sagsbehandler'],
    etiketter: ETIKETTER,
  };
}

const SKABELONER: { type: DokumentType; navn: string; valg: DemoSkabelonValg }[] = [
  {
    type: 'tilsyn',
    navn: 'Tilsynsrapport',
    valg: rapport('Tilsynsrapport', [
      'Kommune_Afsender',
      'Kommune_Adresse',
      'Kommune_PostnrBy',
      'Virksomhed_Navn',
      'Virksomhed_Adresse',
      'Virksomhed_CVR',
      'Virksomhed_PNr',
      'Virksomhed_CHRNr',
      'Tilsyn_Dato',
      'Tilsyn_Type',
      'Tilsyn_Kategori',
      'Tilsyn_Baggrund',
      'Tilsyn_Omfang',
      ...rapportEmner().map((e) => `Tekst_${e.kode}`),
      'Kontrolpunkter',
      'Tilsyn_Haandhaevelser',
    ]),
  },
  {
    type: 'VandTilsyn',
    navn: 'Tilsynsrapport, vandanlæg',
    valg: rapport('Tilsyn med vandforsyningsanlæg', [
      'Kommune_Afsender',
      'Virksomhed_Navn',
      'Virksomhed_Adresse',
      'Vandanlaeg_Anlaegsnr',
      'Tilsyn_Dato',
      'Tilsyn_Type',
      'Kontrolpunkter',
    ]),
  },
];

const KONTROLPUNKT_SKABELONER: { navn: string; type: number; punkter: [emne: string, tekst: string][] }[] = [
  {
    navn: 'Basistilsyn, virksomhed',
    type: 1,
    punkter: [
      ['Generelle forhold', 'Er virksomhedens aktiviteter i overensstemmelse med miljøgodkendelsen?'],
      ['Generelle forhold', 'Føres egenkontrol som krævet, og er journalen tilgængelig?'],
      ['Affald', 'Sorteres affaldet efter affaldsbekendtgørelsen?'],
      ['Affald', 'Opbevares farligt affald i tæt beholder på tæt bund?'],
      ['Olietanke og olieudskillere', 'Er olieudskilleren tømt inden for det seneste år?'],
      ['Spildevand', 'Er afløb fra værksted og vaskeplads ført til olieudskiller?'],
      ['Støj', 'Overholdes støjgrænserne i godkendelsen?'],
      ['Kemikalier', 'Opbevares kemikalier med spildbakke og under tag?'],
    ],
  },
  {
    navn: 'Husdyrbrug',
    type: 2,
    punkter: [
      ['Generelle forhold', 'Svarer dyreholdet til tilladelsen?'],
      ['Husdyrgødning og ensilage', 'Er gyllebeholderen kontrolleret af en sagkyndig inden for 10 år?'],
      ['Husdyrgødning og ensilage', 'Er der flydelag eller overdækning på gyllebeholderen?'],
      ['Husdyrgødning og ensilage', 'Er ensilagepladsens afløb ført til opsamling?'],
      ['Stalde og dyrehold', 'Er staldgulve og kanaler tætte?'],
      ['Olietanke og olieudskillere', 'Er olietanken godkendt og uden tegn på utæthed?'],
      ['Affald', 'Bortskaffes døde dyr og emballage korrekt?'],
    ],
  },
  {
    navn: 'Vandværk',
    type: 3,
    punkter: [
      ['Generelle forhold', 'Er indvindingstilladelsen gældende, og overholdes den tilladte mængde?'],
      ['Generelle forhold', 'Er boringerne aflåste og sikret mod overfladevand?'],
      ['Kemikalier', 'Opbevares kemikalier adskilt fra rentvandsanlægget?'],
      ['Spildevand', 'Ledes skyllevand fra filtre til godkendt udløb?'],
      ['Olietanke og olieudskillere', 'Er der olietank eller nødstrømsanlæg inden for beskyttelseszonen?'],
    ],
  },
];

const RAPPORT_TEKSTER: Record<string, string> = {
  Indledning:
    '{kommune} har den nævnte dato ført tilsyn med virksomheden efter miljøbeskyttelsesloven og miljøtilsynsbekendtgørelsen.',
  'Virksomhedens aktiviteter': 'Tilsynet omfattede virksomhedens produktion, oplag og håndtering af affald.',
  'Konstaterede forhold': 'Ved tilsynet blev de forhold, der fremgår af kontrolpunkterne, gennemgået.',
  Håndhævelse:
    'Hvor der er konstateret forhold i strid med reglerne, er der meddelt indskærpelse eller påbud.',
  Opfølgning: '{kommune} følger op på de konstaterede forhold inden for de angivne frister.',
  Klagevejledning:
    'Oplysninger fra tilsynet offentliggøres på Danmarks Miljøportal inden for 4 måneder. Du kan få aktindsigt efter lov om aktindsigt i miljøoplysninger.',
};

const koder = (sti: string) => new Map((lookupListe(sti) ?? []).map((i) => [i.navn, i.kode]));

export async function lavDokumenter(exec: Executor, k: KundeRef): Promise<void> {
  const katalog = bogmaerkeKatalog();
  for (const s of SKABELONER) {
    const bytes = byggeDemoSkabelon(s.valg);
    const felter = scanFelter(aabnDocx(bytes), katalog);
    await exec.execute(
      sql`insert into dokument_skabelon (kunde_id, dokument_type, navn, filnavn, indhold, stoerrelse, felter, aktiv)
        values (${k.id}, ${s.type}, ${s.navn}, ${`${s.navn}.docx`}, decode(${Buffer.from(bytes).toString('base64')}, 'base64'),
          ${bytes.length}, ${JSON.stringify(felter)}::jsonb, true)`,
    );
  }

  const emneKoder = koder('kontrolpunkt/henttemplateemner');
  const skabelonIder = new Map<number, number[]>();
  for (const t of KONTROLPUNKT_SKABELONER) {
    const [s] = rowsOf<{ id: number }>(
      await exec.execute(
        sql`insert into kontrolpunkt_skabelon (kunde_id, navn, virksomhedstype, aktiv)
          values (${k.id}, ${t.navn}, ${t.type}, true) returning id`,
      ),
    );
    const ider: number[] = [];
    for (const [i, [emne, tekst]] of t.punkter.entries()) {
      const kode = emneKoder.get(emne);
      if (!kode) throw new Error(`Ukendt kontrolpunktemne i seed: ${emne}`);
      const [p] = rowsOf<{ id: number }>(
        await exec.execute(
          sql`insert into kontrolpunkt (skabelon_id, emne_kode, tekst, sortering)
            values (${s!.id}, ${kode}, ${tekst}, ${(i + 1) * 10}) returning id`,
        ),
      );
      ider.push(p!.id);
    }
    skabelonIder.set(t.type, ider);
  }

  const rapportKoder = koder('tilsynrapport/henttemplateemner');
  for (const [navn, kode] of rapportKoder) {
    const tekst = (RAPPORT_TEKSTER[navn] ?? `Standardtekst om ${navn.toLowerCase()}.`).replaceAll(
      '{kommune}',
      k.navn,
    );
    await exec.execute(
      sql`insert into tilsyn_rapport_tekst (kunde_id, emne_kode, titel, tekst, aktiv)
        values (${k.id}, ${kode}, ${navn}, ${tekst}, true)`,
    );
  }

  // The answers of the three oldest dated company inspections, so letters show a filled table.
  const tilsyn = rowsOf<{ id: number }>(
    await exec.execute(
      sql`select r.id from registrering r join virksomhed v on v.id = r.virksomhed_id
        where r.kunde_id = ${k.id} and r.art = 'tilsyn' and not r.slettet and r.dato is not null and v.type = ${VIRKSOMHEDSTYPE.VIRKSOMHED}
        order by r.dato, r.id limit 3`,
    ),
  );
  const resultater = ['OK', 'OK', 'Afvigelse', 'OK', 'IkkeRelevant', 'OK', 'OK', 'Afvigelse'];
  for (const t of tilsyn) {
    for (const [i, punkt] of (skabelonIder.get(1) ?? []).entries()) {
      const resultat = resultater[i % resultater.length]!;
      const bemaerkning = resultat === 'Afvigelse' ? 'Forholdet skal bringes i orden inden fristen' : null;
      await exec.execute(
        sql`insert into tilsyn_kontrolpunkt (kunde_id, registrering_id, kontrolpunkt_id, resultat, bemaerkning)
          values (${k.id}, ${t.id}, ${punkt}, ${resultat}, ${bemaerkning})`,
      );
    }
  }

  const findes = rowsOf<{ n: number }>(
    await exec.execute(
      sql`select count(*)::int as n from administrative_oplysninger where kunde_id = ${k.id}`,
    ),
  )[0]?.n;
  if (!findes) {
    const by = k.kommune.postdistrikter[0];
    const underskriver = k.brugere[0]?.navn ?? null;
    await exec.execute(
      sql`insert into administrative_oplysninger
          (kunde_id, navn, afsender, adresse, postnr_by, telefon, email, web, underskrift_navn, underskrift_titel, standard)
        values (${k.id}, 'Natur og Miljø', ${`${k.navn}, Natur og Miljø`}, 'Rådhuspladsen 1',
          ${by ? `${by.postnummer} ${by.navn}` : null}, ${`${k.kommune.telefonPrefiks[0] ?? '70'} 12 34 00`},
          ${`miljoe@${k.kommune.domaene}`}, ${`www.${k.kommune.domaene}`}, ${underskriver}, 'Miljømedarbejder', true)`,
    );
  }
}
