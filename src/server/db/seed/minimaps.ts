import { sql } from 'drizzle-orm';
import { tjekUrlSkabelon, type Visningssted } from '../../../contract/minimap';
import type { KundeRef } from './context';
import type { Executor } from './writer';

/**
 * Map links (issue 15) of one customer: the municipality's own web map and Miljøportalen's
 * area information for water plants, the municipal map for companies and Miljøportalen for farms.
 * Plausible https templates in EPSG:25832; the server never fetches them (the user's browser opens
 * them). Each is checked by the contract's own template rules, so the seed cannot hold a link the
 * admin form would refuse.
 */
export function minimapSkabeloner(k: Pick<KundeRef, 'kommune'>) {
  const d = k.kommune.domaene;
  const links: { visningssted: Visningssted; navn: string; url: string }[] = [
    {
      visningssted: 'vandanlaeg',
      navn: `${k.kommune.by} Kommunes kort`,
      url: `https://kort.${d}/spatialmap?profile=vand&srs=EPSG:25832&x={x}&y={y}&zoom={zoom}`,
    },
    {
      visningssted: 'vandanlaeg',
      navn: 'Miljøportalens arealinformation',
      url: 'https://arealinformation.miljoeportal.dk/html5/index.html?viewer=distribution&srs=EPSG:25832&bbox={bbox}',
    },
    {
      visningssted: 'virksomhed',
      navn: `${k.kommune.by} Kommunes kort`,
      url: `https://kort.${d}/spatialmap?profile=miljoe&srs=EPSG:25832&x={x}&y={y}&zoom={zoom}`,
    },
    {
      visningssted: 'landbrug',
      navn: 'Miljøportalens arealinformation',
      url: 'https://arealinformation.miljoeportal.dk/html5/index.html?viewer=distribution&srs=EPSG:25832&bbox={bbox}',
    },
  ];
  for (const l of links) {
    const fejl = tjekUrlSkabelon(l.url);
    if (fejl.length > 0) throw new Error(`Ugyldig minimapkobling i seed (${l.navn}): ${fejl.join('; ')}`);
  }
  return links;
}

export async function lavMinimaps(exec: Executor, k: KundeRef): Promise<void> {
  for (const l of minimapSkabeloner(k)) {
    await exec.execute(
      sql`insert into minimap_kobling (kunde_id, visningssted, navn, url)
        values (${k.id}, ${l.visningssted}, ${l.navn}, ${l.url})`,
    );
  }
}
