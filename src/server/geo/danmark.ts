import { readFileSync } from 'node:fs';
import { type Polygon, punktIPolygoner } from '../../contract/jupiter-regler';
import { iDanmarkBoks } from '../../contract/vandanlaeg';

/**
 * Denmark as a shape, not a box: its land and territorial waters (12 nautical miles, the median
 * lines towards Sweden and Germany) in EPSG:25832, kept on the server only (the client bundle does
 * not carry it). The polygons are read once, at the first check, from danmark-25832.json, made by
 * scripts/danmark-form.ts from @geo-maps/countries-maritime-10m (OpenStreetMap, ODbL 1.0).
 */

interface Fil {
  udstraekning: [number, number, number, number];
  polygoner: string[][];
}

let form: Polygon[] | undefined;

function polygoner(): Polygon[] {
  if (!form) {
    const fil = JSON.parse(readFileSync(new URL('./danmark-25832.json', import.meta.url), 'utf8')) as Fil;
    form = fil.polygoner.map((p) =>
      p.map((ring) =>
        ring.split(',').map((punkt) => {
          const [x, y] = punkt.split(' ').map(Number);
          return [x!, y!] as const;
        }),
      ),
    );
  }
  return form;
}

/** iDanmark: does (x, y) in EPSG:25832 lie on Denmark's land or in its territorial waters? */
export function iDanmark(x: number, y: number): boolean {
  return iDanmarkBoks(x, y) && punktIPolygoner(x, y, polygoner());
}
