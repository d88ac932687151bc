import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  bygMinimapUrl,
  MINIMAPKOBLING,
  tjekUrlSkabelon,
  VISNINGSSTED_TEKST,
  type Visningssted,
} from '../../../contract/minimap';
import type { AnyRecord } from '../../../contract/record-kind';
import { medGenvej } from '../../lib/keyboard';
import { koordinatTekst } from '../../lib/koordinater';
import { KundeRegistreringer } from '../../records/KundeRegistreringer';
import { minimapKeys } from '../../session/koordinater-links';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/form';
import { NyTast } from '../../ui/ListeRude';
import type { TileCommand, ViewProps } from '../../workspace/tile-api';
import { useProevepunkter } from './MinimapApi';
import './MinimapkoblingerView.css';

export const MINIMAP_STI = '/admin/minimapkoblinger';

const TAST = { test: 'alt+t' } as const;

/** The list's own headings where a field's label is the form's longer one. */
const KOLONNER = {
  navn: { overskrift: 'Navn', tekst: (r: AnyRecord) => String(r.navn) },
  aktiv: { overskrift: 'Aktiv', tekst: (r: AnyRecord) => (r.aktiv ? 'Ja' : 'Nej') },
};

/**
 * /admin/minimapkoblinger/:minimapkoblingid? (KOMMUNE_ADMIN): the customer's map links (record kind
 * MINIMAPKOBLING) in the generic list and form, and under the form 'Test', which builds the link for
 * a real record's coordinate, shows it, and opens it in a new window. A change refreshes the tiles'
 * link lists.
 */
export default function MinimapkoblingerView({ params }: ViewProps) {
  const client = useQueryClient();
  const testRef = useRef<() => void>(() => {});
  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'test-minimapkobling',
        label: 'Test minimapkoblingen',
        shortcut: TAST.test,
        keywords: ['test', 'åbn', 'minimap', 'kort'],
        run: () => testRef.current(),
      },
    ],
    [],
  );
  return (
    <KundeRegistreringer
      kind={MINIMAPKOBLING}
      sti={MINIMAP_STI}
      param={params.minimapkoblingid}
      ikkeFundet="Minimapkoblingen findes ikke hos den aktive kunde."
      tabelNavn="admin-minimapkoblinger"
      kolonneVisning={KOLONNER}
      efterAendring={() => void client.invalidateQueries({ queryKey: minimapKeys.alle })}
      tom={
        <>
          Kunden har ingen minimapkoblinger endnu. Opret den første med <NyTast />.
        </>
      }
      pladsholderTekst={
        <>
          En URL-skabelon bruger {'{x}'} og {'{y}'} (EPSG:25832, meter) og evt. {'{zoom}'} og {'{bbox}'}.
        </>
      }
      feltHint={(navn) =>
        navn === 'url' ? 'https://… med {x} og {y} (EPSG:25832, meter), evt. {zoom} og {bbox}' : undefined
      }
      formKommandoer={kommandoer}
      tilForm={(v) => (
        <MinimapTest
          skabelon={String(v.url ?? '')}
          visningssted={(v.visningssted as Visningssted | null) ?? 'vandanlaeg'}
          testRef={testRef}
        />
      )}
    />
  );
}

/**
 * 'Test': the template built for a real record of the display location (the first with a
 * coordinate, or one the user searches for), the URL shown before it opens in a new window.
 */
function MinimapTest(p: { skabelon: string; visningssted: Visningssted; testRef: { current: () => void } }) {
  const [soeg, setSoeg] = useState('');
  const [soegQ, setSoegQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSoegQ(soeg.trim()), 250);
    return () => clearTimeout(t);
  }, [soeg]);
  const punkter = useProevepunkter(p.visningssted, soegQ);
  const [valgtId, setValgtId] = useState<number | null>(null);
  const liste = punkter.data ?? [];
  const punkt = liste.find((x) => x.id === valgtId) ?? liste[0];
  const fejl = tjekUrlSkabelon(p.skabelon);
  const url = punkt && fejl.length === 0 ? bygMinimapUrl(p.skabelon.trim(), punkt) : null;
  const aabn = () => {
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  };
  p.testRef.current = aabn;
  const stedTekst = VISNINGSSTED_TEKST[p.visningssted].toLowerCase();

  return (
    <fieldset className="mm-test" aria-label="Test minimapkoblingen">
      <legend>Test</legend>
      <div className="mm-test-valg">
        <TextInput
          name="proeveSoeg"
          label={`Søg ${stedTekst} med koordinat`}
          value={soeg}
          onChange={setSoeg}
          maxLength={100}
        />
        <label className="form-field mm-test-select">
          <span className="form-label">Prøv på</span>
          <select
            name="proevepunkt"
            value={punkt?.id ?? ''}
            onChange={(e) => setValgtId(Number(e.target.value))}
            disabled={liste.length === 0}
          >
            {liste.map((x) => (
              <option key={x.id} value={x.id}>
                {x.navn}
              </option>
            ))}
          </select>
        </label>
      </div>
      {punkter.isSuccess && liste.length === 0 && (
        <p className="muted small">Ingen {stedTekst} med koordinat matcher søgningen.</p>
      )}
      {punkter.isError && <p className="form-alert">Prøvestederne kunne ikke hentes.</p>}
      {punkt && <p className="muted small">{koordinatTekst(punkt)}</p>}
      <p className="mm-test-url">
        <span className="form-label">Link der åbnes</span>
        <output data-testid="minimap-test-url">{url ?? fejl[0] ?? 'Vælg et sted at prøve på'}</output>
      </p>
      <div className="rt-actions">
        <Button color="secondary" disabled={!url} onClick={aabn} title={medGenvej('Test', TAST.test)}>
          <ExternalLink size={14} aria-hidden="true" />
          Test
        </Button>
      </div>
    </fieldset>
  );
}
