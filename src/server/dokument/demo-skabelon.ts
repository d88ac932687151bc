import { strToU8, zipSync } from 'fflate';

/**
 * A real, minimal .docx built in code (OOXML WordprocessingML: [Content_Types].xml, _rels/.rels,
 * word/document.xml, word/_rels/document.xml.rels, optionally word/header1.xml). Used by the seed
 * (the demo customers' templates), the unit and API tests and the client's Playwright journey.
 *
 * - each bookmark becomes a paragraph "<name>: " + a bookmark (w:bookmarkStart/End) around a
 *   placeholder run in bold;
 * - each merge field a simple field (w:fldSimple MERGEFIELD) with a «name» result;
 * - each {tag} a paragraph whose tag Word-like is split over two runs ("{Navn" + "_rest}");
 * - `komplekseFelter` complex fields (w:fldChar begin/instrText/separate/end);
 * - `formularfelter` legacy text form fields (w:ffData) with a bookmark of the same name;
 * - `dubletter` repeats the first bookmark in upper case (a duplicate Word itself would refuse);
 * - `sidehoved` adds a page header holding the tag {Kommune_Afsender};
 * - `makro` adds word/vbaProject.bin and the macro-enabled content type (a .docm).
 */
export interface DemoSkabelonValg {
  bogmaerker?: string[];
  flettefelter?: string[];
  tags?: string[];
  komplekseFelter?: string[];
  formularfelter?: string[];
  makro?: boolean;
  dubletter?: boolean;
  sidehoved?: boolean;
  /** The heading of the document; default 'Tilsynsrapport'. */
  titel?: string;
  /** The label before each name (default: the name itself). */
  etiketter?: Readonly<Record<string, string>>;
}

export const DEMO_BOGMAERKER = [
  'Kommune_Afsender',
  'Virksomhed_Navn',
  'Virksomhed_Adresse',
  'Tilsyn_Dato',
  'Kontrolpunkter',
];
export const DEMO_FLETTEFELTER = ['Dagsdato'];
export const DEMO_TAGS = ['Tilsyn_Konklusion'];

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const CT_DOCX_MAIN =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
export const CT_DOCM_MAIN = 'application/vnd.ms-word.document.macroEnabled.main+xml';

export function xmlTekst(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const run = (tekst: string, fed = false) =>
  `<w:r>${fed ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlTekst(tekst)}</w:t></w:r>`;
const afsnit = (indhold: string) => `<w:p>${indhold}</w:p>`;

export function byggeDemoSkabelon(valg: DemoSkabelonValg = {}): Uint8Array {
  const ingenLister =
    valg.bogmaerker === undefined &&
    valg.flettefelter === undefined &&
    valg.tags === undefined &&
    valg.komplekseFelter === undefined &&
    valg.formularfelter === undefined;
  const bogmaerker = valg.bogmaerker ?? (ingenLister ? DEMO_BOGMAERKER : []);
  const flettefelter = valg.flettefelter ?? (ingenLister ? DEMO_FLETTEFELTER : []);
  const tags = valg.tags ?? (ingenLister ? DEMO_TAGS : []);
  let bmId = 0;
  const body: string[] = [];
  body.push(
    `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${run(valg.titel ?? 'Tilsynsrapport', true)}</w:p>`,
  );
  const etiket = (navn: string) => `${valg.etiketter?.[navn] ?? navn}: `;
  const bogmaerke = (navn: string) => {
    const id = bmId++;
    return afsnit(
      `${run(etiket(navn))}<w:bookmarkStart w:id="${id}" w:name="${xmlTekst(navn)}"/>${run(`[${navn}]`, true)}<w:bookmarkEnd w:id="${id}"/>`,
    );
  };
  for (const navn of bogmaerker) body.push(bogmaerke(navn));
  if (valg.dubletter && bogmaerker.length > 0) body.push(bogmaerke((bogmaerker[0] ?? '').toUpperCase()));
  for (const navn of flettefelter) {
    body.push(
      afsnit(
        `${run(etiket(navn))}<w:fldSimple w:instr=" MERGEFIELD ${xmlTekst(navn)} \\* MERGEFORMAT ">${run(`«${navn}»`)}</w:fldSimple>`,
      ),
    );
  }
  for (const navn of tags) {
    const halv = Math.max(1, Math.floor(navn.length / 2));
    body.push(
      afsnit(
        `${run(etiket(navn))}${run(`{${navn.slice(0, halv)}`)}<w:r><w:rPr><w:i/></w:rPr><w:t>${xmlTekst(`${navn.slice(halv)}}`)}</w:t></w:r>`,
      ),
    );
  }
  for (const navn of valg.komplekseFelter ?? []) {
    body.push(
      afsnit(
        `${run(etiket(navn))}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> MERGEFIELD  ${xmlTekst(navn)} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run(`«${navn}»`)}<w:r><w:fldChar w:fldCharType="end"/></w:r>`,
      ),
    );
  }
  for (const navn of valg.formularfelter ?? []) {
    const id = bmId++;
    body.push(
      afsnit(
        `${run(etiket(navn))}<w:bookmarkStart w:id="${id}" w:name="${xmlTekst(navn)}"/><w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="${xmlTekst(navn)}"/><w:enabled/><w:calcOnExit w:val="0"/><w:textInput/></w:ffData></w:fldChar></w:r><w:r><w:instrText xml:space="preserve"> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('     ')}<w:r><w:fldChar w:fldCharType="end"/></w:r><w:bookmarkEnd w:id="${id}"/>`,
      ),
    );
  }
  body.push(afsnit(run('Med venlig hilsen')));

  const sectPr = `<w:sectPr>${valg.sidehoved ? '<w:headerReference w:type="default" r:id="rIdHeader1"/>' : ''}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>`;
  const dokument = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body.join('')}${sectPr}</w:body></w:document>`;

  const overrides = [
    `<Override PartName="/word/document.xml" ContentType="${valg.makro ? CT_DOCM_MAIN : CT_DOCX_MAIN}"/>`,
  ];
  const defaults = [
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
    '<Default Extension="xml" ContentType="application/xml"/>',
  ];
  const docRels: string[] = [];
  const filer: Record<string, Uint8Array> = {};
  if (valg.sidehoved) {
    overrides.push(
      '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>',
    );
    docRels.push(`<Relationship Id="rIdHeader1" Type="${REL_TYPE}/header" Target="header1.xml"/>`);
    filer['word/header1.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr xmlns:w="${W_NS}" xmlns:r="${R_NS}">${afsnit(run('{Kommune_Afsender}'))}</w:hdr>`,
    );
  }
  if (valg.makro) {
    defaults.push('<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>');
    docRels.push(
      '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>',
    );
    // The compound-file signature of a VBA project; the content is never run or parsed.
    const vba = new Uint8Array(512);
    vba.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    filer['word/vbaProject.bin'] = vba;
  }
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="${CT_NS}">${defaults.join('')}${overrides.join('')}</Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="word/document.xml"/></Relationships>`;
  const documentRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${REL_NS}">${docRels.join('')}</Relationships>`;

  return zipSync(
    {
      '[Content_Types].xml': strToU8(contentTypes),
      '_rels/.rels': strToU8(rels),
      'word/document.xml': strToU8(dokument),
      'word/_rels/document.xml.rels': strToU8(documentRels),
      ...filer,
    },
    // A fixed time stamp: the same options give the same bytes (the seed is deterministic).
    { level: 6, mtime: '2026-01-01T12:00:00Z' },
  );
}
