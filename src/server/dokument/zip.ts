import { inflateRawSync } from 'node:zlib';

/**
 * Unpacks a zip under limits. The entry count is read from the central directory before anything is
 * unpacked; the unpacked size is counted as it is inflated (zlib stops past what is left of the
 * limit), never taken from the sizes the file claims. Pure: no I/O.
 */

export interface ZipGraenser {
  maksFiler: number;
  maksBytes: number;
}

/** 'bombe': over a limit; 'ugyldig': not a zip that can be read (or one that lies about a size). */
export class ZipFejl extends Error {
  constructor(readonly art: 'bombe' | 'ugyldig') {
    super(art);
  }
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_FINDER = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const FULD32 = 0xffffffff;

export function udpakZip(bytes: Uint8Array, g: ZipGraenser): Record<string, Uint8Array> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (i: number) => (i + 2 <= bytes.length ? v.getUint16(i, true) : ugyldig());
  const u32 = (i: number) => (i + 4 <= bytes.length ? v.getUint32(i, true) : ugyldig());
  const u64 = (i: number) => u32(i) + u32(i + 4) * 2 ** 32;

  // The end of the central directory: the last signature within a comment's reach of the end.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (u32(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) ugyldig();
  let antal = u16(eocd + 10);
  let pos = u32(eocd + 16);
  if (antal === 0xffff || pos === FULD32) {
    // ZIP64: the counts and the offset are in the ZIP64 end record the locator points to.
    if (eocd < 20 || u32(eocd - 20) !== EOCD64_FINDER) ugyldig();
    const e64 = u64(eocd - 12);
    if (u32(e64) !== EOCD64) ugyldig();
    antal = u64(e64 + 32);
    pos = u64(e64 + 48);
  }
  if (antal > g.maksFiler) throw new ZipFejl('bombe');

  // No prototype: an entry named '__proto__' is an entry like any other.
  const filer: Record<string, Uint8Array> = Object.create(null);
  let udpakket = 0;
  for (let n = 0; n < antal; n++) {
    if (u32(pos) !== CENTRAL) ugyldig();
    const flag = u16(pos + 8);
    const metode = u16(pos + 10);
    let komprimeret = u32(pos + 20);
    let stoerrelse = u32(pos + 24);
    const navnLaengde = u16(pos + 28);
    const ekstraLaengde = u16(pos + 30);
    let lokal = u32(pos + 42);
    const navnBytes = bytes.subarray(pos + 46, pos + 46 + navnLaengde);
    // The ZIP64 extra field holds, in this order, each of the three that is saturated above.
    const ekstraSlut = pos + 46 + navnLaengde + ekstraLaengde;
    for (let e = pos + 46 + navnLaengde; e + 4 <= ekstraSlut; e += 4 + u16(e + 2)) {
      if (u16(e) !== 1) continue;
      let f = e + 4;
      if (stoerrelse === FULD32) {
        stoerrelse = u64(f);
        f += 8;
      }
      if (komprimeret === FULD32) {
        komprimeret = u64(f);
        f += 8;
      }
      if (lokal === FULD32) lokal = u64(f);
    }
    pos += 46 + navnLaengde + ekstraLaengde + u16(pos + 32);
    if (flag & 1) ugyldig(); // encrypted
    if (u32(lokal) !== LOCAL) ugyldig();
    const start = lokal + 30 + u16(lokal + 26) + u16(lokal + 28);
    if (start + komprimeret > bytes.length) ugyldig();
    const data = bytes.subarray(start, start + komprimeret);
    let indhold: Uint8Array;
    if (metode === 0) indhold = data;
    else if (metode === 8) {
      try {
        // maxOutputLength makes zlib stop as soon as the output passes what is left.
        indhold = inflateRawSync(data, { maxOutputLength: Math.max(1, g.maksBytes - udpakket) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipFejl('bombe');
        ugyldig();
      }
    } else ugyldig();
    udpakket += indhold.length;
    if (udpakket > g.maksBytes) throw new ZipFejl('bombe');
    if (indhold.length !== stoerrelse) ugyldig();
    const navn = new TextDecoder(flag & 0x800 ? 'utf-8' : 'latin1').decode(navnBytes);
    filer[navn] = indhold;
  }
  return filer;
}

function ugyldig(): never {
  throw new ZipFejl('ugyldig');
}
