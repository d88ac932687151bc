import { Building2, FileUp, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  SAT_KATEGORI_TEKST,
  SAT_RESULTAT_KATEGORIER,
  SAT_STATUSSER,
  type SatListeQuery,
  type SatListeRaekke,
  type SatTilsynsperiode,
} from '../../../contract/sat';
import { isoDatoAf } from '../../lib/dates';
import { fejlTekst } from '../../lib/http-fejl';
import { useAabnRaekke, useListeSkaerm } from '../../records/useListeSkaerm';
import { useShellSession } from '../../session/session-context';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { KommandoKnap } from '../../ui/KommandoKnap';
import { FilterValg, jaNejValg } from '../../ui/ListeFiltre';
import { Spinner } from '../../ui/Spinner';
import { type TileCommand, useTileCommands, useTileTitle, type ViewProps } from '../../workspace/tile-api';
import { standardPeriode, useSatListe, useTilsynsperioder } from './api';
import { satKolonner } from './liste-kolonner';
import { OpretFraCvrModal } from './OpretFraCvrModal';
import { OpretFraListeModal } from './OpretFraListeModal';
import { OpretManueltModal } from './OpretManueltModal';
import './affaldstilsyn.css';

type Dialog = 'manuel' | 'cvr' | 'liste';

const satSti = (id: number) => `/affaldstilsyn/${id}`;

/**
 * /affaldstilsyn: the SAT companies of one inspection period. Above the list the period chooser and
 * the period's board (selected / inspected / transferred / invoiced, and overdue deadlines as a
 * filter); the list is on the list stack (server paging, sort on every column, text and column
 * filters; the columns shown are the table's settings). Enter opens a company, Ctrl/Cmd+Enter
 * beside. SAT companies are created by hand, from P-numbers in CVR, or from Miljøstyrelsen's list.
 */
export default function ListeView(_props: ViewProps) {
  useTileTitle('Affaldstilsyn');
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const idag = isoDatoAf(new Date());

  const perioder = useTilsynsperioder(kundeId);
  const [valgtPeriode, setValgtPeriode] = useState<number | null>(null);
  const periode: SatTilsynsperiode | null = useMemo(() => {
    const alle = perioder.data ?? [];
    return alle.find((p) => p.id === valgtPeriode) ?? standardPeriode(alle, idag);
  }, [perioder.data, valgtPeriode, idag]);

  const columns = useMemo(() => satKolonner(idag), [idag]);
  const { filter, setStart, kommandoer, tabelAf, filtre, saetFilter, side } = useListeSkaerm(
    'satvirksomhedListe',
    columns,
    { column: 'deadlineDato', direction: 'ASC' },
    { status: '', deadline: '', overfoert: '', kategori: '' },
  );
  const { status, deadline, overfoert, kategori } = filtre;
  const kolonneFiltre = [
    status && `satStatus:${status}`,
    deadline && `deadline:${deadline}`,
    overfoert && `overfoert:${overfoert}`,
    kategori && `kategori:${kategori}`,
  ];
  const filtreret = kolonneFiltre.some(Boolean) || filter !== '';

  const params: SatListeQuery = {
    kundeid: kundeId,
    ...side<SatListeQuery>(periode ? [`periode:${periode.id}`, ...kolonneFiltre] : kolonneFiltre),
  };
  const liste = useSatListe(params, kundeId > 0 && periode !== null);

  const [dialog, setDialog] = useState<Dialog | null>(null);

  const aabnRaekke = useAabnRaekke((row: Pick<SatListeRaekke, 'id'>) => satSti(row.id));
  const open = (id: number, beside?: boolean) => aabnRaekke({ id }, { beside: beside === true });

  const kanOprette = periode !== null;
  /** The three ways to create, as commands: the header's buttons are drawn from these same objects. */
  const opret = useMemo(
    () =>
      ({
        cvr: {
          id: 'sat-opret-fra-cvr',
          label: 'Opret SAT-virksomheder fra CVR',
          shortcut: 'alt+n',
          keywords: ['ny', 'cvr', 'p-nummer', 'affaldstilsyn'],
          disabled: !kanOprette,
          run: () => setDialog('cvr'),
        },
        manuel: {
          id: 'sat-opret-manuelt',
          label: 'Opret SAT-virksomhed',
          shortcut: 'alt+shift+n',
          keywords: ['ny', 'manuelt', 'affaldstilsyn'],
          disabled: !kanOprette,
          run: () => setDialog('manuel'),
        },
        liste: {
          id: 'sat-importer-liste',
          label: 'Importér Miljøstyrelsens liste',
          shortcut: 'alt+i',
          keywords: ['import', 'csv', 'fil', 'miljøstyrelsen', 'sat-liste'],
          disabled: !kanOprette,
          run: () => setDialog('liste'),
        },
      }) satisfies Record<string, TileCommand>,
    [kanOprette],
  );
  const commands = useMemo<TileCommand[]>(
    () => [...kommandoer, opret.cvr, opret.manuel, opret.liste],
    [kommandoer, opret],
  );
  useTileCommands(commands);

  // A period chosen in another customer (or deleted) is forgotten.
  useEffect(() => {
    if (valgtPeriode !== null && perioder.data && !perioder.data.some((p) => p.id === valgtPeriode))
      setValgtPeriode(null);
  }, [perioder.data, valgtPeriode]);

  /** The three ways to create: short labels in the header, the commands' own names when the list is empty. */
  const opretKnapper = (fulde: boolean) => (
    <>
      <KommandoKnap size="small" kommando={opret.cvr}>
        <Building2 size={14} aria-hidden="true" /> Opret fra CVR
      </KommandoKnap>
      <KommandoKnap size="small" color="secondary" kommando={opret.liste}>
        <FileUp size={14} aria-hidden="true" /> {fulde ? opret.liste.label : 'Importér liste'}
      </KommandoKnap>
      <KommandoKnap size="small" color="secondary" kommando={opret.manuel}>
        <Plus size={14} aria-hidden="true" /> {fulde ? opret.manuel.label : 'Opret manuelt'}
      </KommandoKnap>
    </>
  );

  const tom =
    liste.data !== undefined && !liste.isPlaceholderData && liste.data.totalCount === 0 && !filtreret;

  let indhold: ReactNode;
  if (perioder.isLoading) {
    indhold = (
      <div className="sat-besked">
        <Spinner label="Henter tilsynsperioder …" showLabel />
      </div>
    );
  } else if (perioder.isError) {
    indhold = (
      <div className="sat-besked" role="alert">
        <p>{fejlTekst(perioder.error, { udenSvar: true })}</p>
        <Button size="small" color="secondary" onClick={() => void perioder.refetch()}>
          Prøv igen
        </Button>
      </div>
    );
  } else if (!periode) {
    indhold = (
      <div className="sat-besked">
        <p>Der er ingen tilsynsperioder endnu. SAT-virksomheder hører altid til en tilsynsperiode.</p>
      </div>
    );
  } else if (tom) {
    indhold = (
      <div className="sat-besked sat-tom">
        <p>Ingen SAT-virksomheder i perioden</p>
        <div className="sat-knapper">{opretKnapper(true)}</div>
      </div>
    );
  } else {
    indhold = (
      <DataTable<SatListeRaekke>
        {...tabelAf(liste, liste.data)}
        ariaLabel="SAT-virksomheder"
        columns={columns}
        getRowId={(r) => String(r.id)}
        filterPlaceholder="Søg på navn, CVR eller P-nummer"
        onOpen={aabnRaekke}
        toolbar={
          <>
            <FilterValg
              label="Status"
              value={status}
              onChange={saetFilter('status')}
              alle="Alle statusser"
              valg={SAT_STATUSSER}
            />
            <FilterValg
              label="Deadline"
              value={deadline}
              onChange={saetFilter('deadline')}
              alle="Alle deadlines"
              valg={[
                ['overskredet', 'Overskredet'],
                ['30dage', 'Inden for 30 dage'],
                ['ingen', 'Ingen deadline'],
              ]}
            />
            <FilterValg
              label="Overført"
              value={overfoert}
              onChange={saetFilter('overfoert')}
              alle="Overført: alle"
              valg={jaNejValg('Overført')}
            />
            <FilterValg
              label="Resultatkategori"
              value={kategori}
              onChange={saetFilter('kategori')}
              alle="Alle kategorier"
              valg={[
                ...SAT_RESULTAT_KATEGORIER.map((k) => [k, SAT_KATEGORI_TEKST[k]] as const),
                ['ingen', 'Intet resultat'],
              ]}
            />
          </>
        }
      />
    );
  }

  return (
    <div className="sat-liste" data-testid="liste-affaldstilsyn">
      <div className="sat-hoved">
        <label className="sat-periode">
          <select
            className="input"
            aria-label="Tilsynsperiode"
            value={periode?.id ?? ''}
            disabled={!perioder.data || perioder.data.length === 0}
            onChange={(e) => {
              setValgtPeriode(Number(e.target.value));
              setStart(0);
            }}
          >
            {(perioder.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.navn}
              </option>
            ))}
          </select>
        </label>
        {periode && (
          <Tavle
            periode={periode}
            overskredetValgt={deadline === 'overskredet'}
            onOverskredet={() => saetFilter('deadline')(deadline === 'overskredet' ? '' : 'overskredet')}
          />
        )}
        {!tom && periode && <div className="sat-knapper">{opretKnapper(false)}</div>}
      </div>
      {indhold}
      {dialog === 'manuel' && periode && (
        <OpretManueltModal
          kundeId={kundeId}
          periodeId={periode.id}
          onClose={() => setDialog(null)}
          onCreated={(id, beside) => {
            setDialog(null);
            open(id, beside);
          }}
        />
      )}
      {dialog === 'cvr' && periode && perioder.data && (
        <OpretFraCvrModal
          kundeId={kundeId}
          perioder={perioder.data}
          periodeId={periode.id}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'liste' && periode && perioder.data && (
        <OpretFraListeModal
          kundeId={kundeId}
          perioder={perioder.data}
          periodeId={periode.id}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** The period's board: four counts and the overdue deadlines, which filter the list when clicked. */
function Tavle({
  periode,
  overskredetValgt,
  onOverskredet,
}: {
  periode: SatTilsynsperiode;
  overskredetValgt: boolean;
  onOverskredet(): void;
}) {
  const celler: [string, number][] = [
    ['Udvalgt', periode.antalUdvalgt],
    ['Udført', periode.antalUdfoert],
    ['Overført', periode.antalOverfoert],
    ['Faktureret', periode.antalFaktureret],
  ];
  return (
    <ul className="sat-tavle" aria-label={`Status for ${periode.navn}`}>
      {celler.map(([navn, antal]) => (
        <li key={navn} className="sat-tal">
          <span className="sat-tal-vaerdi">{antal}</span>
          <span className="sat-tal-navn">{navn}</span>
        </li>
      ))}
      <li className="sat-tal">
        <button
          type="button"
          className={`sat-tal-knap${periode.antalOverskredet > 0 ? ' advarsel' : ''}`}
          aria-pressed={overskredetValgt}
          title={overskredetValgt ? 'Vis alle deadlines' : 'Vis kun overskredne deadlines'}
          onClick={onOverskredet}
        >
          <span className="sat-tal-vaerdi">{periode.antalOverskredet}</span>
          <span className="sat-tal-navn">Deadline overskredet</span>
        </button>
      </li>
    </ul>
  );
}
