import {
  DOMParser,
  type Document,
  type Element,
  type Node,
  onErrorStopParsing,
  XMLSerializer,
} from '@xmldom/xmldom';
import { strFromU8, strToU8, zipSync } from 'fflate';
import {
  SKABELON_IKKE_DOCX,
  SKABELON_MAKRO,
  SKABELON_MAKS_BYTES,
  type SkabelonFelt,
} from '../../contract/dokumenter';
import { formatHeltal } from '../../contract/format';
import { udpakZip, ZipFejl } from './zip';

/**
 * The .docx engine: opens a Word document under limits, refuses active content, scans it for the
 * names a letter can fill (bookmarks, merge fields, {tags}, legacy form fields) and fills them. Pure:
 * no I/O, and nothing in the file is ever run (macros are refused, fields are never evaluated).
 */

/** A zip bomb guard: at most this much uncompressed content and this many entries. */
export const MAKS_UDPAKKET_BYTES = 50 * 1024 * 1024;
export const MAKS_ANTAL_FILER = 2000;
export const SKABELON_BOMBE =
  'Filen pakker ud til mere end 50 MB eller 2.000 dele og kan ikke bruges som skabelon';
/** At most this many bookmarks, fields and {tags} in one template (hidden bookmarks counted too). */
export const MAKS_NAVNE = 1000;
export const skabelonForMangeNavne = (antal: number) =>
  `Skabelonen indeholder ${formatHeltal(antal)} bogmærker, felter og {tags}. ` +
  `Der må højst være ${formatHeltal(MAKS_NAVNE)}`;
/** At most this deep nesting of elements in a text part (Word's own documents stay far below). */
export const MAKS_DYBDE = 256;
export const SKABELON_FOR_DYB = `Skabelonen er indlejret mere end ${MAKS_DYBDE} niveauer og kan ikke bruges`;
export const SKABELON_DOCTYPE = 'Skabelonen indeholder en DOCTYPE-erklæring og kan ikke bruges';
export const SKABELON_FOR_STOR = 'Skabelonen er for stor. Den må højst fylde 5 MB';
export const FORMULARFELT_BESKED = 'Formularfelter udfyldes ikke – brug et bogmærke';

/** Why a file cannot be used; `status` 400 or 413, `besked` in Danish. */
export class DocxFejl extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly besked: string,
  ) {
    super(besked);
  }
}

export type Del = 'dokument' | 'sidehoved' | 'sidefod';

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

export interface DocxPakke {
  /** Every entry of the zip, unchanged. */
  filer: Record<string, Uint8Array>;
  /** The parsed text parts: document, headers and footers. */
  dele: { sti: string; del: Del; doc: Document }[];
}

function delAf(sti: string): Del | null {
  if (sti === 'word/document.xml') return 'dokument';
  if (/^word\/header\d*\.xml$/.test(sti)) return 'sidehoved';
  if (/^word\/footer\d*\.xml$/.test(sti)) return 'sidefod';
  return null;
}

function parseXml(tekst: string): Document {
  if (/<!DOCTYPE/i.test(tekst) || /<!ENTITY/i.test(tekst)) throw new DocxFejl(400, SKABELON_DOCTYPE);
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(tekst, 'text/xml');
  } catch {
    throw new DocxFejl(400, SKABELON_IKKE_DOCX);
  }
}

/** The relationships of a .rels part: Type and Target of each. */
function relationer(tekst: string | undefined): { type: string; target: string; ekstern: boolean }[] {
  if (!tekst) return [];
  const ud: { type: string; target: string; ekstern: boolean }[] = [];
  const attr = (tag: string, navn: string) =>
    new RegExp(`\\b${navn}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined) ?? '';
  for (const m of tekst.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    ud.push({
      type: attr(m[0], 'Type'),
      target: afkodXml(attr(m[0], 'Target')),
      ekstern: /^external$/i.test(attr(m[0], 'TargetMode').trim()),
    });
  }
  return ud;
}

export const SKABELON_DELNAVN =
  'Skabelonen indeholder en del med et ugyldigt navn (kun almindelige relative stier) og kan ikke bruges';
export const skabelonEkstern = (maal: string) =>
  `Skabelonen henter indhold uden for dokumentet (${maal.slice(0, 80)}) og kan ikke bruges`;
export const skabelonFeltkode = (kode: string) =>
  `Skabelonen indeholder feltkoden ${kode}, som kører eller henter indhold, og kan ikke bruges`;
export const SKABELON_DYNAMISK_FELT =
  'Skabelonen indeholder en feltkode, der bygges af et andet felt, og kan ikke bruges';

/**
 * An entry name is a plain relative path: no leading '/', no '\\', no drive or scheme (':'), no '.' or
 * '..' segment, no control characters. Anything else could be written outside a folder by a tool
 * that unpacks the letter.
 */
export function erAlmindeligSti(navn: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is refused
  if (navn === '' || navn.startsWith('/') || /[\\:\u0000-\u001f\u007f]/.test(navn)) return false;
  return navn
    .split('/')
    .every((seg, i, alleSeg) => seg !== '.' && seg !== '..' && (seg !== '' || i === alleSeg.length - 1));
}

/** Field codes that run something, fetch or include content from outside, or print. */
const FARLIGE_FELTER =
  /^\s*(DDEAUTO|DDE|INCLUDETEXT|INCLUDEPICTURE|INCLUDE|LINK|IMPORT|MACROBUTTON|DATABASE|EMBED|PRINT)\b/i;

const XML_ENTITETER: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const afkodXml = (t: string) =>
  t.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
        )
      : (XML_ENTITETER[e.toLowerCase()] ?? ''),
  );

/** A part's field markers in document order (any namespace prefix: Word honours any). */
const FELT_TOKEN =
  /<(?:[\w.-]+:)?fldChar\b[^>]*?fldCharType\s*=\s*["'](begin|separate|end)["'][^>]*>|<(?:[\w.-]+:)?instrText\b[^>]*>([^<]*)<\/(?:[\w.-]+:)?instrText>|<(?:[\w.-]+:)?fldSimple\b[^>]*?\binstr\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Refuses a field that runs or includes something (DDEAUTO, INCLUDETEXT, LINK …) in any XML part,
 * also when Word split its code over several runs or wrote it with character references, and a field
 * whose code starts with another field (a code built at run time). One pass over the text: linear.
 */
function tjekFeltkoder(xml: string): void {
  const stak: string[] = [];
  const tjek = (instr: string) => {
    const m = FARLIGE_FELTER.exec(afkodXml(instr));
    if (m) throw new DocxFejl(400, skabelonFeltkode(m[1]!.toUpperCase()));
  };
  for (const m of xml.matchAll(FELT_TOKEN)) {
    const [, fldChar, instrText, simpelDq, simpelSq] = m;
    if (fldChar === 'begin') {
      if (stak.length > 0 && stak[stak.length - 1]!.trim() === '')
        throw new DocxFejl(400, SKABELON_DYNAMISK_FELT);
      stak.push('');
    } else if (fldChar === 'separate' || fldChar === 'end') {
      // The code is complete at 'separate' (or at 'end' when there is no result part).
      const top = stak.length - 1;
      if (top >= 0 && stak[top] !== '\u0000') {
        tjek(stak[top]!);
        stak[top] = '\u0000';
      }
      if (fldChar === 'end') stak.pop();
    } else if (instrText !== undefined) {
      const top = stak.length - 1;
      if (top >= 0 && stak[top] !== '\u0000') stak[top] += instrText;
      else tjek(instrText);
    } else tjek(simpelDq ?? simpelSq ?? '');
  }
}

/** Refuses macros and other active content: VBA projects, macro-enabled types, ActiveX, OLE, .dotm. */
function tjekAktivtIndhold(filer: Record<string, Uint8Array>): void {
  for (const navn of Object.keys(filer))
    if (!erAlmindeligSti(navn)) throw new DocxFejl(400, SKABELON_DELNAVN);
  for (const navn of Object.keys(filer)) {
    const n = navn.toLowerCase();
    if (n.endsWith('vbaproject.bin') || n.endsWith('vbadata.xml')) throw new DocxFejl(400, SKABELON_MAKRO);
    if (n.startsWith('word/activex/')) throw new DocxFejl(400, SKABELON_MAKRO);
    if (n.startsWith('word/embeddings/') && n.endsWith('.bin')) throw new DocxFejl(400, SKABELON_MAKRO);
  }
  const ct = filer['[Content_Types].xml'];
  const typer = ct ? strFromU8(ct) : '';
  if (/macroEnabled|vbaProject|activeX/i.test(typer)) throw new DocxFejl(400, SKABELON_MAKRO);
  const rels = filer['word/_rels/settings.xml.rels'];
  for (const r of relationer(rels ? strFromU8(rels) : undefined)) {
    if (/attachedTemplate$/i.test(r.type) && /\.dotm(\?|#|$)/i.test(r.target.trim()))
      throw new DocxFejl(400, SKABELON_MAKRO);
  }
  for (const [navn, indhold] of Object.entries(filer)) {
    const n = navn.toLowerCase();
    if (n.endsWith('.rels')) {
      // Nothing is fetched from outside: an external target is refused, but for a plain web or mail
      // link (a hyperlink is only followed when the reader clicks it).
      for (const r of relationer(strFromU8(indhold))) {
        if (!r.ekstern) continue;
        if (/\/hyperlink$/i.test(r.type) && /^(https?:\/\/|mailto:)/i.test(r.target.trim())) continue;
        throw new DocxFejl(400, skabelonEkstern(r.target));
      }
    } else if (n.endsWith('.xml')) tjekFeltkoder(strFromU8(indhold));
  }
}

/**
 * Whether an XML text nests elements deeper than `maks`, read in one pass without parsing (so that
 * neither the parser nor a walker ever sees a deeper tree). Comments, CDATA, processing instructions
 * and quoted attribute values are skipped; '<' cannot occur elsewhere in well-formed XML. A text that
 * is not well-formed may be answered either way: the parser refuses it next.
 */
export function forDyb(xml: string, maks: number): boolean {
  let dybde = 0;
  let i = xml.indexOf('<');
  while (i >= 0) {
    let slut: number;
    if (xml.startsWith('<!--', i)) slut = xml.indexOf('-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) slut = xml.indexOf(']]>', i + 9);
    else if (xml.startsWith('<?', i)) slut = xml.indexOf('?>', i + 2);
    else if (xml.startsWith('<!', i)) slut = xml.indexOf('>', i + 2);
    else if (xml.startsWith('</', i)) {
      dybde--;
      slut = i + 2;
    } else {
      // A start tag ends at the first '>' outside quotes; '/>' closes it at once.
      let citat = 0;
      for (slut = i + 1; slut < xml.length; slut++) {
        const c = xml.charCodeAt(slut);
        if (citat) {
          if (c === citat) citat = 0;
        } else if (c === 0x22 || c === 0x27) citat = c;
        else if (c === 0x3e) break;
      }
      if (xml.charCodeAt(slut - 1) !== 0x2f && ++dybde > maks) return true;
    }
    if (slut < 0) return false;
    i = xml.indexOf('<', slut + 1);
  }
  return false;
}

/** Every bookmark, field and {tag} of the parts counts towards MAKS_NAVNE. */
function tjekAntalNavne(dele: DocxPakke['dele']): void {
  let antal = 0;
  for (const { doc } of dele) {
    antal += alle(doc, 'bookmarkStart').length + alle(doc, 'fldSimple').length;
    antal += alle(doc, 'fldChar').filter((f) => wAttr(f, 'fldCharType') === 'begin').length;
    for (const tekst of tekstPrAfsnit(doc).values()) antal += [...tekst.matchAll(TAG)].length;
  }
  if (antal > MAKS_NAVNE) throw new DocxFejl(400, skabelonForMangeNavne(antal));
}

/**
 * Opens a .docx: size limits first (413 over SKABELON_MAKS_BYTES; more than 2,000 entries is refused
 * before anything is unpacked, more than 50 MB as soon as inflating passes it), then not-a-docx and
 * active content, nesting deeper than MAKS_DYBDE and more than MAKS_NAVNE names (400).
 */
export function aabnDocx(bytes: Uint8Array): DocxPakke {
  if (bytes.length > SKABELON_MAKS_BYTES) throw new DocxFejl(413, SKABELON_FOR_STOR);
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new DocxFejl(400, SKABELON_IKKE_DOCX);
  let filer: Record<string, Uint8Array>;
  try {
    filer = udpakZip(bytes, { maksFiler: MAKS_ANTAL_FILER, maksBytes: MAKS_UDPAKKET_BYTES });
  } catch (err) {
    if (err instanceof ZipFejl && err.art === 'bombe') throw new DocxFejl(400, SKABELON_BOMBE);
    throw new DocxFejl(400, SKABELON_IKKE_DOCX);
  }
  const hoved = filer['word/document.xml'];
  if (!hoved || !filer['[Content_Types].xml']) throw new DocxFejl(400, SKABELON_IKKE_DOCX);
  tjekAktivtIndhold(filer);
  const dele: DocxPakke['dele'] = [];
  for (const [sti, indhold] of Object.entries(filer)) {
    const del = delAf(sti);
    if (!del) continue;
    let tekst: string;
    try {
      tekst = new TextDecoder('utf-8', { fatal: true }).decode(indhold);
    } catch {
      throw new DocxFejl(400, SKABELON_IKKE_DOCX);
    }
    if (forDyb(tekst, MAKS_DYBDE)) throw new DocxFejl(400, SKABELON_FOR_DYB);
    dele.push({ sti, del, doc: parseXml(tekst) });
  }
  const orden: Record<Del, number> = { sidehoved: 0, dokument: 1, sidefod: 2 };
  dele.sort((a, b) => orden[a.del] - orden[b.del] || a.sti.localeCompare(b.sti));
  if (dele[0]?.doc.documentElement?.localName === undefined) throw new DocxFejl(400, SKABELON_IKKE_DOCX);
  tjekAntalNavne(dele);
  return { filer, dele };
}

// ---------------------------------------------------------------- DOM helpers

const ELEMENT = 1;

function erW(n: Node | null | undefined, navn: string): n is Element {
  return (
    !!n && n.nodeType === ELEMENT && (n as Element).namespaceURI === W_NS && (n as Element).localName === navn
  );
}

function wAttr(e: Element, navn: string): string | null {
  return e.getAttributeNS(W_NS, navn) ?? e.getAttribute(`w:${navn}`);
}

function boern(e: Node): Node[] {
  const ud: Node[] = [];
  for (let c = e.firstChild; c; c = c.nextSibling) ud.push(c);
  return ud;
}

/** Every element named w:<navn> under `rod`, in document order. */
function alle(rod: Node, navn: string): Element[] {
  const d = rod as unknown as { getElementsByTagNameNS(ns: string, n: string): ArrayLike<Element> };
  return Array.from(d.getElementsByTagNameNS(W_NS, navn));
}

/**
 * Every element under `rod` in document order (elements only), until `fn` answers true; a loop, not
 * a recursion.
 */
function gennemgaa(rod: Node, fn: (e: Element) => unknown): void {
  for (let n = rod.firstChild; n && n !== rod; ) {
    if (n.nodeType === ELEMENT && fn(n as Element) === true) return;
    if (n.nodeType === ELEMENT && n.firstChild) n = n.firstChild;
    else {
      while (n && n !== rod && !n.nextSibling) n = n.parentNode;
      n = n && n !== rod ? n.nextSibling : null;
    }
  }
}

function naermeste(n: Node, navn: string): Element | null {
  for (let p = n.parentNode; p; p = p.parentNode) if (erW(p, navn)) return p;
  return null;
}

function wEl(doc: Document, navn: string, attributter: Record<string, string> = {}): Element {
  const el = doc.createElementNS(W_NS, `w:${navn}`);
  for (const [a, v] of Object.entries(attributter)) el.setAttributeNS(W_NS, `w:${a}`, v);
  return el;
}

// ---------------------------------------------------------------- scan

export type FeltArt = SkabelonFelt['art'];

interface Fund {
  navn: string;
  art: FeltArt;
  del: Del;
}

/** The name of a MERGEFIELD instruction, or null. */
export function flettefeltNavn(instr: string): string | null {
  const m = /^\s*MERGEFIELD\s+(?:"([^"]+)"|([^\s\\"]+))/i.exec(instr);
  return m ? (m[1] ?? m[2] ?? '').trim() || null : null;
}

const TAG = /\{\s*([\p{L}\p{N}_.-]+)\s*\}/gu;

/**
 * The text nodes (w:t) of each paragraph of a part, not those of paragraphs nested in it (text
 * boxes), in one pass: O(text nodes × nesting depth), the depth being at most MAKS_DYBDE.
 */
function tekstnoder(rod: Node): Map<Element, Element[]> {
  const ud = new Map<Element, Element[]>();
  for (const t of alle(rod, 't')) {
    const p = naermeste(t, 'p');
    if (!p) continue;
    const ts = ud.get(p);
    if (ts) ts.push(t);
    else ud.set(p, [t]);
  }
  return ud;
}

/** Each paragraph's text as its w:t nodes hold it (where {tags} are found). */
function tekstPrAfsnit(rod: Node): Map<Element, string> {
  const ud = new Map<Element, string>();
  for (const [p, ts] of tekstnoder(rod)) ud.set(p, ts.map((t) => t.textContent ?? '').join(''));
  return ud;
}

interface KompleksFelt {
  begin: Element;
  separate: Element | null;
  end: Element | null;
  instr: string;
  form: string | null;
}

/** The complex fields (w:fldChar begin … separate … end) of a part, nested ones included. */
function komplekseFelter(rod: Node): KompleksFelt[] {
  const ud: KompleksFelt[] = [];
  const stak: KompleksFelt[] = [];
  gennemgaa(rod, (e) => {
    const n: Node = e;
    if (erW(n, 'fldChar')) {
      const type = wAttr(e, 'fldCharType');
      if (type === 'begin') {
        const ff = alle(e, 'ffData')[0];
        const navnEl = ff ? alle(ff, 'name')[0] : undefined;
        const f: KompleksFelt = {
          begin: e,
          separate: null,
          end: null,
          instr: '',
          form: ff ? ((navnEl && wAttr(navnEl, 'val')) ?? '') : null,
        };
        stak.push(f);
        ud.push(f);
      } else if (type === 'separate') {
        const f = stak[stak.length - 1];
        if (f) f.separate = e;
      } else if (type === 'end') {
        const f = stak.pop();
        if (f) f.end = e;
      }
    } else if (erW(n, 'instrText')) {
      const f = stak[stak.length - 1];
      if (f && !f.separate) f.instr += n.textContent ?? '';
    }
  });
  return ud;
}

function findNavne(pakke: DocxPakke): Fund[] {
  const fund: Fund[] = [];
  for (const { del, doc } of pakke.dele) {
    const formNavne = new Set<string>();
    for (const f of komplekseFelter(doc)) {
      if (f.form !== null) {
        if (f.form) {
          fund.push({ navn: f.form, art: 'formularfelt', del });
          formNavne.add(f.form.toLowerCase());
        }
        continue;
      }
      const navn = flettefeltNavn(f.instr);
      if (navn) fund.push({ navn, art: 'flettefelt', del });
    }
    for (const b of alle(doc, 'bookmarkStart')) {
      const navn = wAttr(b, 'name') ?? '';
      // Hidden bookmarks (_GoBack, _Toc…, _Ref…) are Word's own; a form field's bookmark is the field.
      if (!navn || navn.startsWith('_') || formNavne.has(navn.toLowerCase())) continue;
      fund.push({ navn, art: 'bogmaerke', del });
    }
    for (const f of alle(doc, 'fldSimple')) {
      const navn = flettefeltNavn(wAttr(f, 'instr') ?? '');
      if (navn) fund.push({ navn, art: 'flettefelt', del });
    }
    for (const tekst of tekstPrAfsnit(doc).values())
      for (const m of tekst.matchAll(TAG)) fund.push({ navn: m[1]!, art: 'tag', del });
  }
  return fund;
}

/** The catalogue as the scan and the filler see it: a known name's canonical form, or undefined. */
export interface Katalog {
  kendt(navn: string): string | undefined;
}

/**
 * A name's canonical catalogue name: exact (any letter case), or, for a name ending in digits, the
 * name without them (`Virksomhed_Navn2` is `Virksomhed_Navn`: Word's bookmarks must be unique, so a
 * value needed twice gets a second name).
 */
export function katalogAf(navne: Iterable<string>): Katalog {
  const m = new Map<string, string>();
  for (const n of navne) m.set(n.toLowerCase(), n);
  return {
    kendt(navn: string) {
      const l = navn.toLowerCase();
      return m.get(l) ?? m.get(l.replace(/\d+$/, ''));
    },
  };
}

const ART_ORD: Record<FeltArt, string> = {
  bogmaerke: 'Bogmærket',
  flettefelt: 'Flettefeltet',
  tag: 'Feltet',
  formularfelt: 'Formularfeltet',
};

/** What the scan found: each name once per kind and part, with counts and Danish flags. */
export function scanFelter(pakke: DocxPakke, katalog: Katalog): SkabelonFelt[] {
  const fund = findNavne(pakke);
  const bogmaerkeAntal = new Map<string, number>();
  for (const f of fund)
    if (f.art === 'bogmaerke' || f.art === 'formularfelt')
      bogmaerkeAntal.set(f.navn.toLowerCase(), (bogmaerkeAntal.get(f.navn.toLowerCase()) ?? 0) + 1);
  const grupper = new Map<
    string,
    { navn: string; art: FeltArt; del: Del; antal: number; navne: Set<string> }
  >();
  for (const f of fund) {
    const noegle = `${f.art}|${f.del}|${f.navn.toLowerCase()}`;
    const g = grupper.get(noegle);
    if (g) {
      g.antal++;
      g.navne.add(f.navn);
    } else grupper.set(noegle, { navn: f.navn, art: f.art, del: f.del, antal: 1, navne: new Set([f.navn]) });
  }
  return [...grupper.values()].map((g) => {
    const kanonisk = katalog.kendt(g.navn);
    const dublet = g.art === 'bogmaerke' && (bogmaerkeAntal.get(g.navn.toLowerCase()) ?? 0) > 1;
    const beskeder: string[] = [];
    if (g.art === 'formularfelt') beskeder.push(FORMULARFELT_BESKED);
    if (!kanonisk)
      beskeder.push(`${ART_ORD[g.art]} "${g.navn}" er ikke et kendt felt og bliver ikke udfyldt`);
    if (dublet)
      beskeder.push(
        `Bogmærket "${g.navn}" findes flere gange (Word skelner ikke mellem store og små bogstaver). ` +
          `Giv den næste forekomst et nyt navn, fx "${g.navn}2"`,
      );
    return {
      navn: g.navn,
      art: g.art,
      del: g.del,
      antal: g.antal,
      kendt: !!kanonisk,
      dublet,
      besked: beskeder.length > 0 ? beskeder.join('. ') : null,
    };
  });
}

// ---------------------------------------------------------------- fill

/** A control point row in a letter. */
export interface KontrolpunktRaekke {
  emne: string;
  kontrolpunkt: string;
  resultat: string;
  bemaerkning: string;
}

export const KONTROLPUNKTER_NAVN = 'Kontrolpunkter';
export const INGEN_KONTROLPUNKTER = 'Der er ikke registreret kontrolpunkter ved tilsynet.';

export interface Udfyldning {
  /** Values by canonical catalogue name. */
  vaerdier: ReadonlyMap<string, string>;
  kontrolpunkter: readonly KontrolpunktRaekke[];
}

/** Characters XML 1.0 cannot hold (C0 controls but tab, LF and CR; U+FFFE/U+FFFF; lone surrogates). */
const IKKE_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is refused
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * A value as a letter may hold it: the input guard refuses such characters at input, this removes
 * any stored before it (a letter with one is a file Word cannot open).
 */
export const xmlSikker = (tekst: string): string => tekst.replace(IKKE_XML, '');

/** A run holding `tekst` (newlines become w:br, tabs w:tab) with a copy of `rPr`. */
function lavRun(doc: Document, raa: string, rPr: Element | null): Element {
  const tekst = xmlSikker(raa);
  const r = wEl(doc, 'r');
  if (rPr) r.appendChild(rPr.cloneNode(true));
  tekst.split('\n').forEach((linje, i) => {
    if (i > 0) r.appendChild(wEl(doc, 'br'));
    linje.split('\t').forEach((stykke, j) => {
      if (j > 0) r.appendChild(wEl(doc, 'tab'));
      if (stykke === '') return;
      const t = wEl(doc, 't');
      t.setAttribute('xml:space', 'preserve');
      t.appendChild(doc.createTextNode(stykke));
      r.appendChild(t);
    });
  });
  return r;
}

/**
 * The formatting (w:rPr) of the first run in a list of nodes, where a node that is not a run counts
 * by the first run under it. Each node's first run is looked up once, however many ranges hold it.
 */
class Formater {
  private readonly runAf = new Map<Node, Element | null>();
  private readonly afsnitAf = new Map<Node, Element | null>();

  private foersteRun(n: Node): Element | null {
    let r = this.runAf.get(n);
    if (r === undefined) {
      r = null;
      if (erW(n, 'r')) r = n;
      else if (n.nodeType === ELEMENT)
        gennemgaa(n, (e) => {
          if (erW(e, 'r')) r = e;
          return r !== null;
        });
      this.runAf.set(n, r);
    }
    return r;
  }

  foerste(noder: Iterable<Node>): Element | null {
    for (const n of noder) {
      const r = this.foersteRun(n);
      if (r) return rPrAf(r);
    }
    return null;
  }

  /** The formatting of the paragraph's first run (a collapsed bookmark takes it). */
  afsnit(p: Element): Element | null {
    let rPr = this.afsnitAf.get(p);
    if (rPr === undefined) {
      rPr = null;
      for (let c = p.firstChild; c; c = c.nextSibling)
        if (erW(c, 'r')) {
          rPr = rPrAf(c);
          break;
        }
      this.afsnitAf.set(p, rPr);
    }
    return rPr;
  }
}

function rPrAf(r: Element): Element | null {
  for (let c = r.firstChild; c; c = c.nextSibling) if (erW(c, 'rPr')) return c;
  return null;
}

/**
 * The edits of one fill pass, collected on the part as it is and then written in one copy of it.
 * xmldom re-indexes a parent's whole child list on every insertion or removal that is not an append,
 * so editing a paragraph node by node costs the square of its length; a copy costs its size once.
 */
class Redigering {
  private readonly fjernes = new Set<Node>();
  private readonly foer = new Map<Node, Node[]>();
  private readonly efter = new Map<Node, Node[]>();
  private readonly sidst = new Map<Node, Node[]>();

  fjern(n: Node): void {
    this.fjernes.add(n);
  }
  erFjernet(n: Node): boolean {
    return this.fjernes.has(n);
  }
  indsaetFoer(n: Node, ...nye: Node[]): void {
    tilfoej(this.foer, n, nye);
  }
  indsaetEfter(n: Node, ...nye: Node[]): void {
    tilfoej(this.efter, n, nye);
  }
  tilfoejSidst(forael: Node, ...nye: Node[]): void {
    tilfoej(this.sidst, forael, nye);
  }

  /** The part with the edits: its root is replaced by a copy of it that holds them. */
  skriv(doc: Document): void {
    const rod = doc.documentElement;
    if (!rod || this.fjernes.size + this.foer.size + this.efter.size + this.sidst.size === 0) return;
    // The ancestors of an edit are built anew; every other subtree is copied whole.
    const beroert = new Set<Node>();
    const marker = (n: Node | null) => {
      for (let p = n; p && !beroert.has(p); p = p.parentNode) beroert.add(p);
    };
    for (const n of [...this.fjernes, ...this.foer.keys(), ...this.efter.keys()]) marker(n.parentNode);
    for (const n of this.sidst.keys()) marker(n);
    // Recursive along the edited paths only: at most MAKS_DYBDE deep.
    const kopi = (n: Node): Node => {
      if (!beroert.has(n)) return n.cloneNode(true);
      const ny = n.cloneNode(false);
      for (let c = n.firstChild; c; c = c.nextSibling) {
        for (const x of this.foer.get(c) ?? []) ny.appendChild(x);
        if (!this.fjernes.has(c)) ny.appendChild(kopi(c));
        for (const x of this.efter.get(c) ?? []) ny.appendChild(x);
      }
      for (const x of this.sidst.get(n) ?? []) ny.appendChild(x);
      return ny;
    };
    doc.replaceChild(kopi(rod), rod);
  }
}

function tilfoej(m: Map<Node, Node[]>, n: Node, nye: Node[]): void {
  const liste = m.get(n);
  if (liste) liste.push(...nye);
  else m.set(n, nye);
}

const erMarkoer = (n: Node) => erW(n, 'bookmarkStart') || erW(n, 'bookmarkEnd');
/** What a bookmark over several paragraphs removes from its first and last paragraph. */
const erIndhold = (n: Node) => erW(n, 'r') || erW(n, 'hyperlink') || erW(n, 'fldSimple');

function kontrolpunktTekst(rows: readonly KontrolpunktRaekke[]): string {
  if (rows.length === 0) return INGEN_KONTROLPUNKTER;
  return rows
    .map((r) => `${r.emne} – ${r.kontrolpunkt}: ${r.resultat}${r.bemaerkning ? ` (${r.bemaerkning})` : ''}`)
    .join('\n');
}

function celle(doc: Document, tekst: string, fed: boolean): Element {
  const tc = wEl(doc, 'tc');
  const tcPr = wEl(doc, 'tcPr');
  tcPr.appendChild(wEl(doc, 'tcW', { w: '0', type: 'auto' }));
  tc.appendChild(tcPr);
  const p = wEl(doc, 'p');
  let rPr: Element | null = null;
  if (fed) {
    rPr = wEl(doc, 'rPr');
    rPr.appendChild(wEl(doc, 'b'));
  }
  p.appendChild(lavRun(doc, tekst, rPr));
  tc.appendChild(p);
  return tc;
}

/** The control points as a table with borders: emne, kontrolpunkt, resultat, bemærkning. */
function kontrolpunktTabel(doc: Document, rows: readonly KontrolpunktRaekke[]): Element {
  const tbl = wEl(doc, 'tbl');
  const tblPr = wEl(doc, 'tblPr');
  tblPr.appendChild(wEl(doc, 'tblW', { w: '5000', type: 'pct' }));
  const kanter = wEl(doc, 'tblBorders');
  for (const side of ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']) {
    kanter.appendChild(wEl(doc, side, { val: 'single', sz: '4', space: '0', color: 'auto' }));
  }
  tblPr.appendChild(kanter);
  tbl.appendChild(tblPr);
  const grid = wEl(doc, 'tblGrid');
  for (const bredde of [2000, 3500, 1500, 2000]) {
    grid.appendChild(wEl(doc, 'gridCol', { w: String(bredde) }));
  }
  tbl.appendChild(grid);
  const raekke = (celler: string[], fed: boolean) => {
    const tr = wEl(doc, 'tr');
    for (const c of celler) tr.appendChild(celle(doc, c, fed));
    tbl.appendChild(tr);
  };
  raekke(['Emne', 'Kontrolpunkt', 'Resultat', 'Bemærkning'], true);
  for (const r of rows) raekke([r.emne, r.kontrolpunkt, r.resultat, r.bemaerkning], false);
  return tbl;
}

/** Inserts a block (a table) after the paragraph `p`; a table cell must still end with a paragraph. */
function indsaetEfterAfsnit(red: Redigering, p: Element, blok: Element): void {
  red.indsaetEfter(p, blok);
  if (erW(p.parentNode, 'tc') && !p.nextSibling) red.indsaetEfter(p, wEl(p.ownerDocument!, 'p'));
}

/** Fills one bookmark: its range's content is replaced by the value (at a collapsed one: inserted). */
function fyldBogmaerke(
  red: Redigering,
  fmt: Formater,
  start: Element,
  slut: Element | undefined,
  vaerdi: string,
  tabel?: Element,
) {
  const doc = start.ownerDocument!;
  const p1 = erW(start.parentNode, 'p') ? (start.parentNode as Element) : null;
  if (slut && slut.parentNode === start.parentNode && p1) {
    const mellem: Node[] = [];
    for (let n = start.nextSibling; n && n !== slut; n = n.nextSibling) mellem.push(n);
    const rPr = fmt.foerste(mellem) ?? fmt.afsnit(p1);
    for (const n of mellem) if (!erMarkoer(n)) red.fjern(n);
    if (tabel) indsaetEfterAfsnit(red, p1, tabel);
    else red.indsaetFoer(slut, lavRun(doc, vaerdi, rPr));
    return;
  }
  // A range over paragraphs: the value replaces the rest of the first paragraph, the paragraphs in
  // between and the start of the last one.
  const foerste = p1 ?? (erW(start.nextSibling, 'p') ? (start.nextSibling as Element) : null);
  if (!foerste) return;
  const sidste = slut ? naermeste(slut, 'p') : null;
  const efterStart: Node[] = [];
  for (let n = p1 ? start.nextSibling : foerste.firstChild; n; n = n.nextSibling) efterStart.push(n);
  const rPr = fmt.foerste(efterStart);
  for (const n of efterStart) if (erIndhold(n)) red.fjern(n);
  if (sidste && sidste !== foerste && sidste.parentNode === foerste.parentNode) {
    for (let n = foerste.nextSibling; n && n !== sidste; n = n.nextSibling) red.fjern(n);
    for (let n = sidste.firstChild; n && n !== slut; n = n.nextSibling) if (erIndhold(n)) red.fjern(n);
  }
  if (tabel) indsaetEfterAfsnit(red, foerste, tabel);
  else red.tilfoejSidst(foerste, lavRun(doc, vaerdi, rPr));
}

/**
 * Replaces {tags} in a paragraph's text nodes `ts`, also when Word split a tag over several runs:
 * the value goes into the node where the tag starts, the rest of the tag's characters are dropped.
 * One pass over the paragraph's text.
 */
function fyldTags(red: Redigering, ts: Element[], vaerdiAf: (navn: string) => string | undefined): void {
  const tekster = ts.map((t) => t.textContent ?? '');
  const hel = tekster.join('');
  const starter: number[] = [];
  let acc = 0;
  for (const t of tekster) {
    starter.push(acc);
    acc += t.length;
  }
  const nye: string[][] = tekster.map(() => []);
  let i = 0;
  let pos = 0;
  /** The text node that holds position `til` (the last one starting at or before it). */
  const til = (p: number) => {
    while (i + 1 < starter.length && starter[i + 1]! <= p) i++;
  };
  const kopierTil = (slut: number) => {
    while (pos < slut) {
      til(pos);
      const ende = Math.min(slut, starter[i]! + tekster[i]!.length);
      nye[i]!.push(hel.slice(pos, ende));
      pos = ende;
    }
  };
  let aendret = false;
  for (const m of hel.matchAll(TAG)) {
    const vaerdi = vaerdiAf(m[1]!);
    if (vaerdi === undefined) continue;
    kopierTil(m.index);
    til(m.index);
    nye[i]!.push(vaerdi);
    pos = m.index + m[0].length;
    aendret = true;
  }
  if (!aendret) return;
  kopierTil(hel.length);
  const doc = ts[0]!.ownerDocument!;
  ts.forEach((t, j) => {
    const ny = nye[j]!.join('');
    if (ny === tekster[j]) return;
    const noder: Node[] = [];
    ny.split('\n').forEach((linje, k) => {
      if (k > 0) noder.push(wEl(doc, 'br'));
      const nt = k === 0 ? (t.cloneNode(false) as Element) : wEl(doc, 't');
      nt.setAttribute('xml:space', 'preserve');
      nt.appendChild(doc.createTextNode(linje));
      noder.push(nt);
    });
    red.indsaetFoer(t, ...noder);
    red.fjern(t);
  });
}

/**
 * Fills one part in four passes (simple merge fields, complex merge fields, bookmarks, {tags}); each
 * collects its edits on the part as the pass before left it and writes them in one copy: O(part).
 */
function fyldDel(doc: Document, u: Udfyldning, katalog: Katalog): void {
  const vaerdiAf = (navn: string): string | undefined => {
    const k = katalog.kendt(navn);
    if (!k) return undefined;
    if (k === KONTROLPUNKTER_NAVN) return xmlSikker(kontrolpunktTekst(u.kontrolpunkter));
    return xmlSikker(u.vaerdier.get(k) ?? '');
  };
  // Merge fields: the whole field becomes plain text (Word would otherwise show the code again).
  let red = new Redigering();
  let fmt = new Formater();
  for (const f of alle(doc, 'fldSimple')) {
    const navn = flettefeltNavn(wAttr(f, 'instr') ?? '');
    const v = navn ? vaerdiAf(navn) : undefined;
    if (v === undefined || !f.parentNode) continue;
    red.indsaetFoer(f, lavRun(doc, v, fmt.foerste(boern(f))));
    red.fjern(f);
  }
  red.skriv(doc);
  red = new Redigering();
  fmt = new Formater();
  const felter = komplekseFelter(doc);
  // Legacy form fields are never filled, nor the bookmarks Word puts around them.
  const formNavne = new Set(felter.filter((f) => f.form).map((f) => f.form!.toLowerCase()));
  for (const f of felter) {
    if (f.form !== null || !f.end) continue;
    const navn = flettefeltNavn(f.instr);
    const v = navn ? vaerdiAf(navn) : undefined;
    const rBegin = naermeste(f.begin, 'r');
    const rEnd = naermeste(f.end, 'r');
    if (v === undefined || !rBegin || !rEnd || rBegin.parentNode !== rEnd.parentNode) continue;
    // A field inside a field already replaced goes with it.
    if (red.erFjernet(rBegin)) continue;
    const fjern: Node[] = [];
    for (let n: Node | null = rBegin; n; n = n.nextSibling) {
      fjern.push(n);
      if (n === rEnd) break;
    }
    const resultat = f.separate ? naermeste(f.separate, 'r') : null;
    const rPr = fmt.foerste(resultat ? fjern.slice(fjern.indexOf(resultat) + 1) : fjern);
    red.indsaetFoer(rBegin, lavRun(doc, v, rPr));
    for (const n of fjern) if (!erMarkoer(n)) red.fjern(n);
  }
  red.skriv(doc);
  red = new Redigering();
  fmt = new Formater();
  const slutter = new Map<string, Element>();
  for (const e of alle(doc, 'bookmarkEnd')) slutter.set(wAttr(e, 'id') ?? '', e);
  for (const s of alle(doc, 'bookmarkStart')) {
    const navn = wAttr(s, 'name') ?? '';
    if (!navn || navn.startsWith('_') || formNavne.has(navn.toLowerCase())) continue;
    const k = katalog.kendt(navn);
    if (!k) continue;
    const slut = slutter.get(wAttr(s, 'id') ?? '');
    if (k === KONTROLPUNKTER_NAVN && u.kontrolpunkter.length > 0)
      fyldBogmaerke(red, fmt, s, slut, '', kontrolpunktTabel(doc, u.kontrolpunkter));
    else fyldBogmaerke(red, fmt, s, slut, vaerdiAf(navn) ?? '');
  }
  red.skriv(doc);
  red = new Redigering();
  for (const ts of tekstnoder(doc).values()) fyldTags(red, ts, vaerdiAf);
  red.skriv(doc);
}

/** Fills every known name in the document, headers and footers; answers the new .docx. */
export function fyldDocx(pakke: DocxPakke, u: Udfyldning, katalog: Katalog): Uint8Array {
  const ud: Record<string, Uint8Array> = { ...pakke.filer };
  const s = new XMLSerializer();
  for (const { sti, doc } of pakke.dele) {
    fyldDel(doc, u, katalog);
    ud[sti] = strToU8(s.serializeToString(doc));
  }
  return zipSync(ud, { level: 6 });
}

/** The text of the parts, paragraph by paragraph (a table row is one line, cells joined by ' | '). */
export function afsnitTekster(pakke: DocxPakke): string[] {
  const linjer: string[] = [];
  const afsnitTekst = (p: Element) => {
    let s = '';
    gennemgaa(p, (e) => {
      if (naermeste(e, 'p') !== p) return;
      if (erW(e, 't')) s += e.textContent ?? '';
      else if (erW(e, 'br')) s += '\n';
      else if (erW(e, 'tab')) s += '\t';
    });
    return s;
  };
  const blok = (rod: Node) => {
    for (const c of boern(rod)) {
      if (erW(c, 'p')) {
        const s = afsnitTekst(c);
        if (s.trim()) linjer.push(s);
      } else if (erW(c, 'tbl')) {
        for (const tr of boern(c).filter((n) => erW(n, 'tr'))) {
          const celler = boern(tr)
            .filter((n) => erW(n, 'tc'))
            .map((tc) =>
              boern(tc)
                .filter((n) => erW(n, 'p'))
                .map((p) => afsnitTekst(p as Element))
                .join(' ')
                .trim(),
            );
          linjer.push(celler.join(' | '));
        }
      } else if (c.nodeType === ELEMENT && !erW(c, 'sectPr')) blok(c);
    }
  };
  for (const { doc } of pakke.dele) {
    const rod = doc.documentElement;
    if (!rod) continue;
    const body = boern(rod).find((n) => erW(n, 'body'));
    blok(body ?? rod);
  }
  return linjer;
}

/** Scan and preview of an upload: what it holds, and its text filled with the sample values. */
export function scanDocx(
  bytes: Uint8Array,
  katalog: Katalog,
  eksempel: Udfyldning,
): { felter: SkabelonFelt[]; forhaandsvisning: string[] } {
  const felter = scanFelter(aabnDocx(bytes), katalog);
  const fyldt = aabnDocx(bytes);
  fyldDocx(fyldt, eksempel, katalog);
  return { felter, forhaandsvisning: afsnitTekster(fyldt) };
}

export { W_NS };
