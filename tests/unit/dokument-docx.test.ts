import { deflateRawSync } from 'node:zlib';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SKABELON_IKKE_DOCX, SKABELON_MAKRO } from '../../src/contract/dokumenter';
import { bogmaerkeKatalog, eksempelUdfyldning } from '../../src/server/dokument/bogmaerker';
import { byggeDemoSkabelon } from '../../src/server/dokument/demo-skabelon';
import {
  aabnDocx,
  afsnitTekster,
  DocxFejl,
  erAlmindeligSti,
  FORMULARFELT_BESKED,
  forDyb,
  fyldDocx,
  INGEN_KONTROLPUNKTER,
  katalogAf,
  SKABELON_BOMBE,
  SKABELON_DELNAVN,
  SKABELON_DOCTYPE,
  SKABELON_DYNAMISK_FELT,
  SKABELON_FOR_DYB,
  scanDocx,
  scanFelter,
  skabelonEkstern,
  skabelonFeltkode,
  skabelonForMangeNavne,
  type Udfyldning,
  xmlSikker,
} from '../../src/server/dokument/docx';
import { bombe, docxMedBody, docxMedDele, dybIndlejring, mangeBogmaerker } from '../helpers/docx-angreb';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A .docx whose document.xml body is `body` (the rest from the demo template). */
function medBody(body: string): Uint8Array {
  const filer = unzipSync(byggeDemoSkabelon({ bogmaerker: [] }));
  filer['word/document.xml'] = strToU8(
    `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  );
  return zipSync(filer);
}

const dokumentXml = (docx: Uint8Array) => strFromU8(unzipSync(docx)['word/document.xml']!);

const fejlAf = (fn: () => unknown): DocxFejl => {
  try {
    fn();
  } catch (e) {
    if (e instanceof DocxFejl) return e;
    throw e;
  }
  throw new Error('ingen fejl');
};

const katalog = katalogAf([
  'Virksomhed_Navn',
  'Tilsyn_Dato',
  'Kontrolpunkter',
  'Dagsdato',
  'Kommune_Afsender',
]);
const udfyld = (
  v: Record<string, string>,
  kontrolpunkter: Udfyldning['kontrolpunkter'] = [],
): Udfyldning => ({
  vaerdier: new Map(Object.entries(v)),
  kontrolpunkter,
});

describe('docx scan', () => {
  it('finds bookmarks, simple and complex merge fields, tags split over runs, in headers too', () => {
    const docx = byggeDemoSkabelon({
      bogmaerker: ['Virksomhed_Navn', 'Ukendt_Ting'],
      flettefelter: ['Dagsdato'],
      tags: ['Tilsyn_Dato'],
      komplekseFelter: ['Virksomhed_Navn2'],
      sidehoved: true,
    });
    const felter = scanFelter(aabnDocx(docx), katalog);
    const af = (navn: string) => felter.find((f) => f.navn === navn);
    expect(af('Virksomhed_Navn')).toMatchObject({
      art: 'bogmaerke',
      del: 'dokument',
      kendt: true,
      dublet: false,
      besked: null,
    });
    expect(af('Dagsdato')).toMatchObject({ art: 'flettefelt', kendt: true });
    expect(af('Tilsyn_Dato')).toMatchObject({ art: 'tag', kendt: true });
    // A trailing number is the same value: Word's bookmarks must be unique.
    expect(af('Virksomhed_Navn2')).toMatchObject({ art: 'flettefelt', kendt: true });
    expect(af('Kommune_Afsender')).toMatchObject({ art: 'tag', del: 'sidehoved', kendt: true });
    expect(af('Ukendt_Ting')).toMatchObject({ kendt: false });
    expect(af('Ukendt_Ting')!.besked).toContain('ikke et kendt felt');
  });

  it('finds a tag Word split over three runs', () => {
    const docx = medBody(
      '<w:p><w:r><w:t>Dato: {Til</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>syn_</w:t></w:r><w:r><w:t>Dato} slut</w:t></w:r></w:p>',
    );
    const felter = scanFelter(aabnDocx(docx), katalog);
    expect(felter).toEqual([
      expect.objectContaining({ navn: 'Tilsyn_Dato', art: 'tag', antal: 1, kendt: true }),
    ]);
  });

  it('flags duplicate bookmarks that differ only by case, ignores hidden ones, flags form fields', () => {
    const docx = byggeDemoSkabelon({
      bogmaerker: ['Virksomhed_Navn'],
      dubletter: true,
      formularfelter: ['Tilsyn_Dato'],
    });
    const pakke = aabnDocx(docx);
    const felter = scanFelter(pakke, katalog);
    const bm = felter.filter((f) => f.art === 'bogmaerke');
    // One entry per name in any letter case, counted twice and flagged.
    expect(bm).toEqual([
      expect.objectContaining({ navn: 'Virksomhed_Navn', antal: 2, dublet: true, kendt: true }),
    ]);
    expect(bm[0]!.besked).toContain('flere gange');
    const form = felter.find((f) => f.art === 'formularfelt');
    expect(form).toMatchObject({ navn: 'Tilsyn_Dato', dublet: false });
    expect(form!.besked).toContain(FORMULARFELT_BESKED);
    // The form field's own bookmark is not listed as a second bookmark.
    expect(felter.filter((f) => f.navn === 'Tilsyn_Dato')).toHaveLength(1);
    const skjult = medBody(
      '<w:p><w:bookmarkStart w:id="1" w:name="_GoBack"/><w:bookmarkEnd w:id="1"/><w:r><w:t>x</w:t></w:r></w:p>',
    );
    expect(scanFelter(aabnDocx(skjult), katalog)).toEqual([]);
  });
});

describe('demo template', () => {
  it('has fixed zip time stamps, so the seed writes the same bytes on every run', () => {
    const zip = byggeDemoSkabelon();
    // The first local file header: DOS date at offset 12 (year since 1980, month, day).
    const dosDato = new DataView(zip.buffer, zip.byteOffset).getUint16(12, true);
    expect([(dosDato >> 9) + 1980, (dosDato >> 5) & 0xf, dosDato & 0x1f]).toEqual([2026, 1, 1]);
    expect(Buffer.from(byggeDemoSkabelon()).equals(Buffer.from(zip))).toBe(true);
  });
});

describe('docx fill', () => {
  it('replaces a bookmark range keeping the first run formatting, escapes text, newlines become breaks', () => {
    const docx = byggeDemoSkabelon({ bogmaerker: ['Virksomhed_Navn', 'Kommune_Afsender'] });
    const ud = fyldDocx(
      aabnDocx(docx),
      udfyld({ Virksomhed_Navn: 'Smed & Søn <ApS>', Kommune_Afsender: 'Skive Kommune\nNatur og Miljø' }),
      katalog,
    );
    const xml = dokumentXml(ud);
    expect(xml).toContain('Smed &amp; Søn &lt;ApS&gt;');
    expect(xml).not.toContain('[Virksomhed_Navn]');
    // The placeholder was bold; the value keeps it, between the bookmark's start and end.
    expect(xml).toMatch(
      /w:name="Virksomhed_Navn"\/><w:r><w:rPr><w:b\/><\/w:rPr><w:t xml:space="preserve">Smed &amp; Søn/,
    );
    expect(xml).toMatch(/Skive Kommune<\/w:t><w:br\/><w:t xml:space="preserve">Natur og Miljø/);
    expect(afsnitTekster(aabnDocx(ud))).toContain('Virksomhed_Navn: Smed & Søn <ApS>');
  });

  it('inserts at a collapsed bookmark, replaces merge fields and tags split over runs', () => {
    const docx = medBody(
      '<w:p><w:r><w:rPr><w:i/></w:rPr><w:t>Navn: </w:t></w:r><w:bookmarkStart w:id="0" w:name="virksomhed_navn"/><w:bookmarkEnd w:id="0"/></w:p>' +
        '<w:p><w:fldSimple w:instr=" MERGEFIELD Dagsdato "><w:r><w:t>«Dagsdato»</w:t></w:r></w:fldSimple></w:p>' +
        '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> MERGEFIELD  Tilsyn_Dato2 </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t>«x»</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>' +
        '<w:p><w:r><w:t>Før {Til</w:t></w:r><w:r><w:t>syn_Dato} og {Ukendt} og {Dagsdato}</w:t></w:r></w:p>',
    );
    const ud = fyldDocx(
      aabnDocx(docx),
      udfyld({ Virksomhed_Navn: 'Hansen', Dagsdato: '24-11-2026', Tilsyn_Dato: '15-03-2026' }),
      katalog,
    );
    const tekst = afsnitTekster(aabnDocx(ud));
    expect(tekst).toEqual([
      'Navn: Hansen',
      '24-11-2026',
      '15-03-2026',
      'Før 15-03-2026 og {Ukendt} og 24-11-2026',
    ]);
    const xml = dokumentXml(ud);
    expect(xml).not.toContain('MERGEFIELD');
    // The complex field's result formatting is kept; the collapsed bookmark takes the run before it.
    expect(xml).toContain('<w:u w:val="single"/></w:rPr><w:t xml:space="preserve">15-03-2026');
    expect(xml).toContain('<w:i/></w:rPr><w:t xml:space="preserve">Hansen');
  });

  it('replaces a bookmark range over several paragraphs', () => {
    const docx = medBody(
      '<w:p><w:r><w:t>Før </w:t></w:r><w:bookmarkStart w:id="3" w:name="Tilsyn_Dato"/><w:r><w:rPr><w:b/></w:rPr><w:t>gammel</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t>midt</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t>slut</w:t></w:r><w:bookmarkEnd w:id="3"/><w:r><w:t> efter</w:t></w:r></w:p>',
    );
    const ud = fyldDocx(aabnDocx(docx), udfyld({ Tilsyn_Dato: '15-03-2026' }), katalog);
    expect(afsnitTekster(aabnDocx(ud))).toEqual(['Før 15-03-2026', ' efter']);
    expect(dokumentXml(ud)).toContain('<w:b/></w:rPr><w:t xml:space="preserve">15-03-2026');
  });

  it('fills Kontrolpunkter with a table, or a Danish line when there are none', () => {
    const docx = byggeDemoSkabelon({ bogmaerker: ['Kontrolpunkter'] });
    const rows = [
      { emne: 'Affald', kontrolpunkt: 'Sorteres affaldet?', resultat: 'I orden', bemaerkning: '' },
      {
        emne: 'Støj',
        kontrolpunkt: 'Overholdes grænserne?',
        resultat: 'Afvigelse',
        bemaerkning: 'Måling bestilt',
      },
    ];
    const ud = fyldDocx(aabnDocx(docx), udfyld({}, rows), katalog);
    expect(dokumentXml(ud)).toContain('<w:tbl>');
    const tekst = afsnitTekster(aabnDocx(ud));
    expect(tekst).toContain('Emne | Kontrolpunkt | Resultat | Bemærkning');
    expect(tekst).toContain('Støj | Overholdes grænserne? | Afvigelse | Måling bestilt');
    const tom = afsnitTekster(aabnDocx(fyldDocx(aabnDocx(docx), udfyld({}), katalog)));
    expect(tom).toContain(`Kontrolpunkter: ${INGEN_KONTROLPUNKTER}`);
  });

  it('previews with the catalogue sample values', () => {
    const { forhaandsvisning } = scanDocx(byggeDemoSkabelon(), bogmaerkeKatalog(), eksempelUdfyldning());
    expect(forhaandsvisning).toContain('Virksomhed_Navn: Hansen Maskinfabrik ApS');
    expect(forhaandsvisning).toContain('Tilsyn_Konklusion: Virksomheden overholder sine vilkår');
  });
});

describe('docx refusals', () => {
  it('refuses what is not a zip or has no word/document.xml', () => {
    expect(fejlAf(() => aabnDocx(strToU8('%PDF-1.4 hej'))).besked).toBe(SKABELON_IKKE_DOCX);
    expect(fejlAf(() => aabnDocx(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]))).besked).toBe(
      SKABELON_IKKE_DOCX,
    );
    const udenDokument = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'a.txt': strToU8('x') });
    expect(fejlAf(() => aabnDocx(udenDokument))).toMatchObject({ status: 400, besked: SKABELON_IKKE_DOCX });
  });

  it('refuses macros, ActiveX, OLE embeddings and a .dotm attached template', () => {
    expect(fejlAf(() => aabnDocx(byggeDemoSkabelon({ makro: true }))).besked).toBe(SKABELON_MAKRO);
    const filer = unzipSync(byggeDemoSkabelon());
    expect(
      fejlAf(() => aabnDocx(zipSync({ ...filer, 'word/activeX/activeX1.xml': strToU8('<x/>') }))).besked,
    ).toBe(SKABELON_MAKRO);
    expect(
      fejlAf(() => aabnDocx(zipSync({ ...filer, 'word/embeddings/oleObject1.bin': new Uint8Array(10) })))
        .besked,
    ).toBe(SKABELON_MAKRO);
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="file:///C:/skabeloner/Brev.dotm" TargetMode="External"/></Relationships>';
    expect(
      fejlAf(() => aabnDocx(zipSync({ ...filer, 'word/_rels/settings.xml.rels': strToU8(rels) }))).besked,
    ).toBe(SKABELON_MAKRO);
  });

  describe('documents are inert (issue 31)', () => {
    const RELS_NS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
    const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const medDel = (navn: string, xml: string) =>
      zipSync({ ...unzipSync(byggeDemoSkabelon()), [navn]: strToU8(xml) });
    const felt = (...koder: string[]) =>
      `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>${koder
        .map((k) => `<w:r><w:instrText xml:space="preserve">${k}</w:instrText></w:r>`)
        .join(
          '',
        )}<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;

    it('refuses fields that run or include something, also split over runs or written as references', () => {
      expect(
        fejlAf(() => aabnDocx(medBody(felt(' DDE', 'AUTO c:\\\\windows\\\\system32\\\\cmd.exe "/c calc"'))))
          .besked,
      ).toBe(skabelonFeltkode('DDEAUTO'));
      expect(fejlAf(() => aabnDocx(medBody(felt(' &#73;NCLUDETEXT "http://x/y.docx" '))))).toMatchObject({
        status: 400,
        besked: skabelonFeltkode('INCLUDETEXT'),
      });
      expect(
        fejlAf(() =>
          aabnDocx(
            medBody('<w:p><w:fldSimple w:instr=" INCLUDEPICTURE &quot;http://x/p.png&quot; \\d"/></w:p>'),
          ),
        ).besked,
      ).toBe(skabelonFeltkode('INCLUDEPICTURE'));
      // In a header, and with another namespace prefix bound to Word's namespace.
      const hoved = `<x:hdr xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><x:p><x:r><x:fldChar x:fldCharType="begin"/></x:r><x:r><x:instrText>LINK Excel.Sheet "c:\\\\a.xls"</x:instrText></x:r><x:r><x:fldChar x:fldCharType="end"/></x:r></x:p></x:hdr>`;
      expect(fejlAf(() => aabnDocx(medDel('word/header9.xml', hoved))).besked).toBe(skabelonFeltkode('LINK'));
      // A code built by a nested field is refused; a nested field inside an IF is fine.
      expect(
        fejlAf(() =>
          aabnDocx(
            medBody(
              felt('').replace(
                '<w:r><w:instrText xml:space="preserve"></w:instrText></w:r>',
                `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>QUOTE "DDEAUTO"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`,
              ),
            ),
          ),
        ).besked,
      ).toBe(SKABELON_DYNAMISK_FELT);
      const hvis = `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> IF </w:instrText></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> MERGEFIELD Virksomhed_Navn </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:instrText> = "" "a" "b" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
      expect(() => aabnDocx(medBody(hvis + felt(' PAGE ') + felt(' DATE \\@ "dd-MM-yyyy" ')))).not.toThrow();
    });

    it('refuses external targets (images, remote templates with a query), allows web and mail links', () => {
      const rel = (type: string, target: string) =>
        `<Relationships ${RELS_NS}><Relationship Id="rId9" Type="${R}/${type}" Target="${target}" TargetMode="External"/></Relationships>`;
      expect(
        fejlAf(() =>
          aabnDocx(medDel('word/_rels/document.xml.rels', rel('image', 'file:///C:/billeder/logo.png'))),
        ).besked,
      ).toBe(skabelonEkstern('file:///C:/billeder/logo.png'));
      expect(
        fejlAf(() =>
          aabnDocx(
            medDel('word/_rels/settings.xml.rels', rel('attachedTemplate', 'https://x.example/t.dotm?v=1')),
          ),
        ).besked,
      ).toBe(SKABELON_MAKRO);
      expect(
        fejlAf(() =>
          aabnDocx(
            medDel('word/_rels/settings.xml.rels', rel('attachedTemplate', 'https://x.example/t.dotx')),
          ),
        ),
      ).toMatchObject({ status: 400 });
      expect(
        fejlAf(() => aabnDocx(medDel('word/_rels/document.xml.rels', rel('hyperlink', 'file:///c:/a.exe'))))
          .status,
      ).toBe(400);
      expect(() =>
        aabnDocx(medDel('word/_rels/footer1.xml.rels', rel('hyperlink', 'https://www.skive.dk/'))),
      ).not.toThrow();
      expect(() =>
        aabnDocx(medDel('word/_rels/footer1.xml.rels', rel('hyperlink', 'mailto:miljoe@skive.dk'))),
      ).not.toThrow();
    });

    it('refuses entry names that are not plain relative paths', () => {
      for (const navn of [
        '../../evil.txt',
        '/etc/x',
        'word\\a.xml',
        'C:/x.xml',
        'word/./a.xml',
        'word//a.xml',
      ])
        expect(fejlAf(() => aabnDocx(medDel(navn, '<x/>'))).besked, navn).toBe(SKABELON_DELNAVN);
      expect(erAlmindeligSti('word/media/image1.png')).toBe(true);
      expect(erAlmindeligSti('[Content_Types].xml')).toBe(true);
    });

    it('writes a well-formed letter whatever text is stored: characters outside XML 1.0 are left out', () => {
      const docx = medBody(
        '<w:p><w:bookmarkStart w:id="1" w:name="Virksomhed_Navn"/><w:r><w:t>x</w:t></w:r><w:bookmarkEnd w:id="1"/></w:p><w:p><w:r><w:t>{Kommune_Afsender}</w:t></w:r></w:p>',
      );
      const ud = fyldDocx(
        aabnDocx(docx),
        udfyld({ Virksomhed_Navn: 'A\u0001B\u000bC\uffffD', Kommune_Afsender: 'Skive\u0008 Kommune' }),
        katalog,
      );
      const xml = dokumentXml(ud);
      expect(xml).toContain('ABCD');
      expect(xml).toContain('Skive Kommune');
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is refused
      expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
      // Every part parses as XML again (the file opens).
      expect(() => aabnDocx(ud)).not.toThrow();
      expect(xmlSikker('tab\tlinje\nslut\r')).toBe('tab\tlinje\nslut\r');
    });
  });

  it('refuses a DOCTYPE (no entities are ever expanded)', () => {
    const filer = unzipSync(byggeDemoSkabelon());
    filer['word/document.xml'] = strToU8(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><w:document ${W}><w:body><w:p><w:r><w:t>&e;</w:t></w:r></w:p></w:body></w:document>`,
    );
    expect(fejlAf(() => aabnDocx(zipSync(filer)))).toMatchObject({ status: 400, besked: SKABELON_DOCTYPE });
  });

  it('refuses a zip bomb before unpacking: too much uncompressed content or too many entries', () => {
    const filer = unzipSync(byggeDemoSkabelon());
    // 60 MB of zeros compress to about 60 kB.
    const bombe = zipSync({ ...filer, 'word/media/nul.bin': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(bombe.length).toBeLessThan(1024 * 1024);
    expect(fejlAf(() => aabnDocx(bombe))).toMatchObject({ status: 400, besked: SKABELON_BOMBE });
    const mange: Record<string, Uint8Array> = { ...filer };
    for (let i = 0; i < 2001; i++) mange[`word/x/${i}.xml`] = strToU8('<x/>');
    expect(fejlAf(() => aabnDocx(zipSync(mange)))).toMatchObject({ status: 400, besked: SKABELON_BOMBE });
  });

  it('refuses more than 5 MB with 413', () => {
    expect(fejlAf(() => aabnDocx(new Uint8Array(5 * 1024 * 1024 + 1).fill(0x50)))).toMatchObject({
      status: 413,
    });
  });
});

describe('untrusted templates never block (issue 31)', () => {
  it('refuses more than 1,000 bookmarks, fields and {tags} together: 12,000 bookmarks in 82 kB', () => {
    const fil = mangeBogmaerker(12_000);
    expect(fil.length).toBeLessThan(100_000);
    const fejl = fejlAf(() => aabnDocx(fil));
    expect(fejl).toMatchObject({ status: 400, besked: skabelonForMangeNavne(12_000) });
    expect(fejl.besked).toContain('højst være 1.000');
    // The sum counts: 600 bookmarks, 300 merge fields and 101 tags are one too many.
    let body = '<w:p>';
    for (let i = 0; i < 600; i++)
      body += `<w:bookmarkStart w:id="${i}" w:name="B${i}"/><w:r><w:t>x</w:t></w:r><w:bookmarkEnd w:id="${i}"/>`;
    for (let i = 0; i < 300; i++) body += '<w:fldSimple w:instr=" MERGEFIELD Dagsdato "/>';
    body += `<w:r><w:t>${'{Tilsyn_Dato}'.repeat(101)}</w:t></w:r></w:p>`;
    expect(fejlAf(() => aabnDocx(docxMedBody(body))).besked).toBe(skabelonForMangeNavne(1001));
  });

  it('scans and fills 1,000 bookmarks (the cap) in one paragraph, each with its value', () => {
    const fil = mangeBogmaerker(1000);
    const felter = scanFelter(aabnDocx(fil), katalog);
    expect(felter).toHaveLength(1000);
    expect(felter.every((f) => f.kendt && f.art === 'bogmaerke' && !f.dublet)).toBe(true);
    const ud = fyldDocx(aabnDocx(fil), udfyld({ Virksomhed_Navn: 'Hansen' }), katalog);
    expect(afsnitTekster(aabnDocx(ud))).toEqual(['Hansen'.repeat(1000)]);
    // Every bookmark is still there, around its value.
    const xml = dokumentXml(ud);
    expect(xml.match(/<w:bookmarkStart /g)).toHaveLength(1000);
    expect(xml).toMatch(
      /<w:bookmarkStart w:id="999" w:name="Virksomhed_Navn1000"\/><w:r><w:t xml:space="preserve">Hansen<\/w:t><\/w:r><w:bookmarkEnd w:id="999"\/>/,
    );
  });

  it('refuses an entry that claims 1 KB and inflates to 2 GB while inflating, past 50 MB', async () => {
    const fil = await bombe(2);
    expect(fil.length).toBeLessThan(3 * 1024 * 1024);
    expect(fejlAf(() => aabnDocx(fil))).toMatchObject({ status: 400, besked: SKABELON_BOMBE });
  });

  it('refuses an entry whose size is not what it claims, and more than 50 MB over several entries', () => {
    const lyver = docxMedDele([
      { navn: 'word/media/a.bin', data: deflateRawSync(new Uint8Array(100)), metode: 8, stoerrelse: 10 },
    ]);
    expect(fejlAf(() => aabnDocx(lyver)).besked).toBe(SKABELON_IKKE_DOCX);
    const stor = new Uint8Array(30 * 1024 * 1024);
    const toDele = docxMedDele([
      { navn: 'word/media/a.bin', data: deflateRawSync(stor), metode: 8, stoerrelse: stor.length },
      { navn: 'word/media/b.bin', data: deflateRawSync(stor), metode: 8, stoerrelse: stor.length },
    ]);
    expect(fejlAf(() => aabnDocx(toDele)).besked).toBe(SKABELON_BOMBE);
  });

  it('refuses nesting deeper than 256 before parsing, in Danish; 200 levels scan and fill', () => {
    expect(fejlAf(() => aabnDocx(dybIndlejring(50_000)))).toMatchObject({
      status: 400,
      besked: SKABELON_FOR_DYB,
    });
    expect(fejlAf(() => aabnDocx(dybIndlejring(300))).besked).toBe(SKABELON_FOR_DYB);
    const { forhaandsvisning } = scanDocx(dybIndlejring(200), katalog, udfyld({}));
    expect(forhaandsvisning).toEqual(['bund']);
  });

  it('measures nesting in one pass, past comments, CDATA, instructions and quoted attribute values', () => {
    const xml = `<?xml version="1.0"?><a><b x=">" y='<'/><!-- <c><c><c> --><![CDATA[<d><d>]]><?pi <e>?><f>tekst > mere</f></a>`;
    expect(forDyb(xml, 1)).toBe(true);
    expect(forDyb(xml, 2)).toBe(false);
    expect(forDyb(`${'<a>'.repeat(300)}${'</a>'.repeat(300)}<a/>`, 300)).toBe(false);
    expect(forDyb('<a><!-- ikke afsluttet', 0)).toBe(true);
  });
});
