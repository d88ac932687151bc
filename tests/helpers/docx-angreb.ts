import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { byggeDemoSkabelon } from '../../src/server/dokument/demo-skabelon';

/**
 * Templates that attack availability (issue 31): many bookmarks, an entry that lies about its size,
 * deep nesting, and a large but honest document. Each is a .docx built from the demo template with
 * another word/document.xml.
 */

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

const dokumentXml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`;

/** The demo template's parts with `body` as the document's body. */
function dele(body: string): Record<string, Uint8Array> {
  const filer = unzipSync(byggeDemoSkabelon({ bogmaerker: [] }));
  filer['word/document.xml'] = strToU8(dokumentXml(body));
  return filer;
}

export const docxMedBody = (body: string): Uint8Array => zipSync(dele(body), { level: 9 });

/**
 * One paragraph with `n` bookmarks, each around one run: Virksomhed_Navn, Virksomhed_Navn2 … (all
 * known: Word's bookmarks are unique, so a repeated value gets a trailing number).
 */
export function mangeBogmaerker(n: number): Uint8Array {
  let p = '';
  for (let i = 0; i < n; i++)
    p += `<w:bookmarkStart w:id="${i}" w:name="Virksomhed_Navn${i === 0 ? '' : i + 1}"/><w:r><w:t>x</w:t></w:r><w:bookmarkEnd w:id="${i}"/>`;
  return docxMedBody(`<w:p>${p}</w:p>`);
}

/** Elements nested `dybde` deep in the body (content controls, as Word nests them). */
export function dybIndlejring(dybde: number): Uint8Array {
  const par = Math.ceil(dybde / 2);
  return docxMedBody(
    `${'<w:sdt><w:sdtContent>'.repeat(par)}<w:p><w:r><w:t>bund</w:t></w:r></w:p>${'</w:sdtContent></w:sdt>'.repeat(par)}`,
  );
}

/** An honest document of `afsnit` paragraphs with one bookmark: large for the engine, small zipped. */
export function stortDokument(afsnit: number): Uint8Array {
  const p = '<w:p><w:r><w:t xml:space="preserve">Linje med lidt tekst</w:t></w:r></w:p>';
  return docxMedBody(
    `<w:p><w:bookmarkStart w:id="1" w:name="Virksomhed_Navn"/><w:r><w:t>x</w:t></w:r><w:bookmarkEnd w:id="1"/></w:p>${p.repeat(afsnit)}`,
  );
}

interface ZipDel {
  navn: string;
  /** Already compressed (raw deflate) when `metode` is 8. */
  data: Uint8Array;
  metode: 0 | 8;
  /** The uncompressed size the zip claims. */
  stoerrelse: number;
}

/**
 * The fields a local and a central header share, from `fra` on (4 in the local header, 6 in the
 * central one): version needed 2.0, UTF-8 names, the method, the stored and the claimed size, the
 * name's length.
 */
function faelles(hoved: Buffer, fra: number, d: ZipDel, navnLaengde: number): void {
  hoved.writeUInt16LE(20, fra);
  hoved.writeUInt16LE(0x800, fra + 2);
  hoved.writeUInt16LE(d.metode, fra + 4);
  hoved.writeUInt32LE(d.data.length, fra + 14);
  hoved.writeUInt32LE(d.stoerrelse, fra + 18);
  hoved.writeUInt16LE(navnLaengde, fra + 22);
}

/** A zip of parts as given, claims included (CRCs are left 0: nothing here checks them). */
function zip(dele: ZipDel[]): Uint8Array {
  const lokale: Buffer[] = [];
  const centrale: Buffer[] = [];
  let pos = 0;
  for (const d of dele) {
    const navn = Buffer.from(d.navn, 'utf8');
    const lokal = Buffer.alloc(30);
    lokal.writeUInt32LE(0x04034b50, 0);
    faelles(lokal, 4, d, navn.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    faelles(central, 6, d, navn.length);
    central.writeUInt32LE(pos, 42);
    lokale.push(lokal, navn, Buffer.from(d.data));
    centrale.push(central, navn);
    pos += 30 + navn.length + d.data.length;
  }
  const cd = Buffer.concat(centrale);
  const slut = Buffer.alloc(22);
  slut.writeUInt32LE(0x06054b50, 0);
  slut.writeUInt16LE(dele.length, 8);
  slut.writeUInt16LE(dele.length, 10);
  slut.writeUInt32LE(cd.length, 12);
  slut.writeUInt32LE(pos, 16);
  return new Uint8Array(Buffer.concat([...lokale, cd, slut]));
}

/** The demo template zipped by `zip` (honest sizes), plus `ekstra`. */
export function docxMedDele(ekstra: ZipDel[]): Uint8Array {
  const aerlige = Object.entries(dele('<w:p><w:r><w:t>Hej</w:t></w:r></w:p>')).map(
    ([navn, indhold]): ZipDel => ({
      navn,
      data: deflateRawSync(indhold),
      metode: 8,
      stoerrelse: indhold.length,
    }),
  );
  return zip([...aerlige, ...ekstra]);
}

/**
 * A .docx with an entry that claims 1 KB and inflates to `gb` GB of zeros: one deflate stream
 * (run-length strategy: under a second, about 1 MB per GB).
 */
export async function bombe(gb = 2): Promise<Uint8Array> {
  const d = createDeflateRaw({ level: 9, strategy: constants.Z_RLE });
  const ud: Buffer[] = [];
  d.on('data', (c: Buffer) => ud.push(c));
  const slut = new Promise((resolve) => d.on('end', resolve));
  const nul = Buffer.alloc(16 * 1024 * 1024);
  for (let i = 0; i < gb * 64; i++) if (!d.write(nul)) await new Promise((r) => d.once('drain', r));
  d.end();
  await slut;
  return docxMedDele([{ navn: 'word/media/nul.bin', data: Buffer.concat(ud), metode: 8, stoerrelse: 1024 }]);
}
