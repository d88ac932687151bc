import type { RefObject } from 'react';
import { ENTITETER } from '../../../contract/entitet';
import { BATCH_STATUS_TEKST, FAKTURA_STATUS_TEKST } from '../../../contract/faktura-status';
import { type Batch, FAKTURA_SORT_KOLONNER, type FakturaRaekke } from '../../../contract/fakturering';
import {
  formatDato,
  formatDatoTidKort,
  formatHalveTimerKort,
  formatOere,
  formatTal,
} from '../../../contract/format';
import { fejlTekst, tabelHentning } from '../../lib/http-fejl';
import { listeFejlbesked, type useServerListe } from '../../records/useServerListe';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn, type OpenOptions } from '../../ui/DataTable';
import { datoKolonne, serverSortering, talKolonne, tekstKolonne } from '../../ui/table/kolonner';
import { filtre, useFaktura, useFakturaer } from './api';
import './fakturering.css';

const TYPE_TEKST: Record<string, string> = {
  virksomhed: 'Virksomhed',
  landbrug: 'Landbrug',
  satvirksomhed: 'SAT-virksomhed',
};

/** The company's page by its kind (ordinary company, farm, SAT company). */
export function virksomhedSti(r: Pick<FakturaRaekke, 'virksomhedstype' | 'virksomhedId'>): string {
  const art =
    r.virksomhedstype === 'landbrug' || r.virksomhedstype === 'satvirksomhed'
      ? r.virksomhedstype
      : 'virksomhed';
  return `${ENTITETER[art].sti}/${r.virksomhedId}`;
}

export const artTekst = (art: 'faktura' | 'kredit') => (art === 'kredit' ? 'Kreditnota' : 'Faktura');

export type KolonneId =
  | 'virksomhedsnavn'
  | 'type'
  | 'cvrNr'
  | 'art'
  | 'status'
  | 'antalLinjer'
  | 'timerHalve'
  | 'totalOere'
  | 'fakturanummer'
  | 'betaler'
  | 'fejl'
  | 'forsoeg'
  | 'godkendt'
  | 'overfoert';

/** The invoice columns a tab picks (in the order given); sortable where the server sorts. */
export function fakturaKolonner(ids: readonly KolonneId[]): DataTableColumn<FakturaRaekke>[] {
  const alle: Record<KolonneId, DataTableColumn<FakturaRaekke>> = {
    virksomhedsnavn: tekstKolonne('virksomhedsnavn', 'Virksomhed', (r) => r.virksomhedsnavn, {
      hideable: false,
      width: '26%',
    }),
    type: tekstKolonne('type', 'Type', (r) => TYPE_TEKST[r.virksomhedstype] ?? r.virksomhedstype, {
      width: 96,
      defaultHidden: true,
    }),
    cvrNr: tekstKolonne('cvrNr', 'CVR', (r) => r.cvrNr ?? '', { width: 86 }),
    art: tekstKolonne('art', 'Art', (r) => artTekst(r.art), { width: 86 }),
    status: tekstKolonne('status', 'Status', (r) => FAKTURA_STATUS_TEKST[r.status], { width: 86 }),
    antalLinjer: talKolonne('antalLinjer', 'Linjer', (r) => r.antalLinjer, { width: 60 }),
    timerHalve: {
      ...talKolonne('timerHalve', 'Timer', (r) => r.timerHalve, { width: 70 }),
      cell: (r) => formatHalveTimerKort(r.timerHalve),
    },
    totalOere: {
      ...talKolonne('totalOere', 'Beløb', (r) => r.totalOere, { width: 120, hideable: false }),
      cell: (r) => formatOere(r.totalOere),
    },
    fakturanummer: tekstKolonne('fakturanummer', 'Fakturanr.', (r) => r.fakturanummer ?? '', { width: 100 }),
    betaler: tekstKolonne(
      'betaler',
      'Betaler',
      (r) => [r.betalerTypeKode, r.betalingsReference].filter(Boolean).join(' '),
      { width: 130 },
    ),
    fejl: tekstKolonne('fejl', 'Årsag', (r) => r.fejl ?? '', { width: '30%' }),
    forsoeg: talKolonne('forsoeg', 'Forsøg', (r) => r.forsoeg, { width: 64 }),
    godkendt: datoKolonne('godkendt', 'Godkendt', (r) => r.godkendt, { width: 96, defaultHidden: true }),
    overfoert: datoKolonne('overfoert', 'Overført', (r) => r.overfoert, { width: 96 }),
  };
  return serverSortering(
    FAKTURA_SORT_KOLONNER,
    ids.map((id) => alle[id]),
  );
}

/** The batch columns (the batches are few: the table sorts and filters them itself). */
export function batchKolonner(): DataTableColumn<Batch>[] {
  return [
    { ...talKolonne('id', 'Batch', (r) => r.id, { width: 64, hideable: false }), cell: (r) => `#${r.id}` },
    tekstKolonne('art', 'Art', (r) => (r.art === 'kredit' ? 'Kreditering' : 'Fakturering'), { width: 96 }),
    tekstKolonne('aar', 'År', (r) => String(r.aar), { width: 56 }),
    tekstKolonne('status', 'Status', (r) => BATCH_STATUS_TEKST[r.status], { width: 130 }),
    talKolonne('antal', 'Antal', (r) => r.antal, { width: 60 }),
    {
      ...talKolonne('totalOere', 'Beløb', (r) => r.totalOere, { width: 120, hideable: false }),
      cell: (r) => formatOere(r.totalOere),
    },
    {
      // What of the batch is credited (the credit notes' sum, negative), so a credited batch shows it.
      ...talKolonne('krediteretOere', 'Krediteret', (r) => r.krediteretOere ?? 0, { width: 120 }),
      cell: (r) => (r.krediteretOere === null ? '' : formatOere(r.krediteretOere)),
    },
    {
      ...tekstKolonne('oprettet', 'Oprettet', (r) => r.oprettet, { width: 130 }),
      cell: (r) => formatDatoTidKort(r.oprettet),
    },
    tekstKolonne('oprettetAf', 'Af', (r) => r.oprettetAf, { width: 110, defaultHidden: true }),
    {
      ...tekstKolonne('overfoert', 'Overført', (r) => r.overfoert ?? '', { width: 130 }),
      cell: (r) => formatDatoTidKort(r.overfoert),
    },
  ];
}

/** The year chooser of the proposals and the overview: the default year and the years with rates. */
export function AarVaelger({
  aar,
  valg,
  onChange,
}: {
  aar: number;
  valg: readonly number[];
  onChange(aar: number): void;
}) {
  return (
    <label className="fak-aar">
      <span>Afregningsår</span>
      <select className="input" value={aar} onChange={(e) => onChange(Number(e.target.value))}>
        {valg.map((a) => (
          <option key={a} value={a}>
            {a} (1. november {a - 1} – 31. oktober {a})
          </option>
        ))}
      </select>
    </label>
  );
}

/** One invoice or proposal with its lines, each explaining its amount, and the total (VAT-exempt). */
export function FakturaDetalje({ id, overskrift }: { id: number | null; overskrift?: string }) {
  const q = useFaktura(id);
  if (id === null) return <p className="muted fak-tom">Vælg en faktura i listen for at se dens linjer.</p>;
  if (q.isError)
    return (
      <div className="fak-fejl" role="alert">
        <p>Fakturaen kunne ikke hentes: {fejlTekst(q.error, { udenSvar: true })}</p>
        <Button size="small" color="secondary" onClick={() => void q.refetch()}>
          Prøv igen
        </Button>
      </div>
    );
  const f = q.data;
  if (!f) return <p className="muted fak-tom">Henter fakturaen …</p>;
  return (
    <section className="fak-detalje" aria-label={overskrift ?? `${artTekst(f.art)} for ${f.virksomhedsnavn}`}>
      <h3>
        {overskrift ?? artTekst(f.art)}: {f.virksomhedsnavn}
      </h3>
      <dl className="fak-fakta">
        <div>
          <dt>CVR</dt>
          <dd>{f.cvrNr ?? '–'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{FAKTURA_STATUS_TEKST[f.status]}</dd>
        </div>
        <div>
          <dt>Afregningsår</dt>
          <dd>{f.aar}</dd>
        </div>
        {f.fakturanummer && (
          <div>
            <dt>Fakturanr.</dt>
            <dd>{f.fakturanummer}</dd>
          </div>
        )}
        {f.batchId !== null && (
          <div>
            <dt>Batch</dt>
            <dd>#{f.batchId}</dd>
          </div>
        )}
        <div>
          <dt>Betaler</dt>
          <dd>{[f.betalerTypeKode, f.betalingsReference].filter(Boolean).join(' ') || '–'}</dd>
        </div>
      </dl>
      <table className="vd-table fak-linjer" aria-label="Fakturalinjer">
        <thead>
          <tr>
            <th>Dato</th>
            <th>Tekst</th>
            <th>Forklaring</th>
            <th className="tal">Timer</th>
            <th className="tal">Beløb</th>
          </tr>
        </thead>
        <tbody>
          {f.linjer.map((l) => (
            <tr key={l.id}>
              <td>{formatDato(l.dato)}</td>
              <td>
                {l.tekst}
                {l.kategori && <span className="muted"> · {l.kategori}</span>}
              </td>
              <td className="fak-forklaring">{l.forklaring}</td>
              <td className="tal">{formatHalveTimerKort(l.timerHalve)}</td>
              <td className="tal">{formatOere(l.beloebOere)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={4}>Moms: 0,00 kr. (momsfri)</td>
            <td className="tal" />
          </tr>
          <tr className="fak-total">
            <th colSpan={4} scope="row">
              I alt ({f.timerHalve !== 0 && `${formatHalveTimerKort(f.timerHalve)}, `}
              {f.linjer.length === 1 ? '1 linje' : `${formatTal(f.linjer.length)} linjer`})
            </th>
            <td className="tal" data-testid="faktura-total">
              {formatOere(f.totalOere)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** The sums under a list: every matching row, not only the page. */
export function SumLinje({
  antal,
  timerHalve,
  oere,
  navn,
}: {
  antal: number;
  timerHalve?: number;
  oere: number;
  navn: string;
}) {
  return (
    <p className="fak-sum" data-testid="fak-sum">
      I alt {formatTal(antal)} {navn}
      {timerHalve !== undefined && <> · {formatHalveTimerKort(timerHalve)}</>} ·{' '}
      <strong>{formatOere(oere)}</strong>
      <span className="muted"> (momsfri)</span>
    </p>
  );
}

/**
 * The invoices (and credit notes) of one batch, in the tile's detail panel: every one of them (a batch
 * holds at most a few hundred), with the batch's sum from the server.
 */
export function BatchFakturaer({
  batch,
  kolonner,
  tableName,
  onOpen,
  gridRef,
}: {
  batch: Batch | null;
  kolonner: DataTableColumn<FakturaRaekke>[];
  tableName: string;
  onOpen?(r: FakturaRaekke, opts?: OpenOptions): void;
  /** The invoices' rows, so Enter on a batch can move there. */
  gridRef?: RefObject<HTMLTableElement | null>;
}) {
  const q = useFakturaer(
    {
      start: 0,
      take: 500,
      sortByColumn: 'virksomhedsnavn',
      sortDirection: 'ASC',
      filteredColumns: [filtre.batch(batch?.id ?? 0)],
    },
    batch !== null,
  );
  const settings = useTableSettings(tableName);
  if (!batch) return <p className="muted fak-tom">Vælg en batch i listen for at se dens fakturaer.</p>;
  const data = q.isError ? undefined : q.data;
  const kredit = batch.art === 'kredit';
  return (
    <section className="fak-detalje" aria-label={`Batch ${batch.id}`}>
      <h3>
        Batch #{batch.id}: {kredit ? 'kreditering' : 'fakturering'} {batch.aar} ·{' '}
        {BATCH_STATUS_TEKST[batch.status]}
      </h3>
      <p className="muted small">
        Oprettet {formatDatoTidKort(batch.oprettet)} af {batch.oprettetAf}
        {batch.overfoert && ` · overført ${formatDatoTidKort(batch.overfoert)}`}
        {batch.kreditererBatchId !== null && ` · krediterer batch #${batch.kreditererBatchId}`}
        {batch.krediteretAfBatchId !== null && ` · krediteret af batch #${batch.krediteretAfBatchId}`}
        {batch.aarsag && ` · årsag: ${batch.aarsag}`}
      </p>
      <p className="fak-batch-beloeb" data-testid="batch-beloeb">
        {kredit ? 'Krediteret' : 'Faktureret'}: <strong>{formatOere(batch.totalOere)}</strong>
        {batch.krediteretOere !== null && (
          <>
            {' '}
            · krediteret: <strong>{formatOere(batch.krediteretOere)}</strong> · netto:{' '}
            <strong>{formatOere(batch.totalOere + batch.krediteretOere)}</strong>
          </>
        )}
      </p>
      <DataTable<FakturaRaekke>
        tableName={tableName}
        ariaLabel={`Fakturaer i batch ${batch.id}`}
        mode="memory"
        columns={kolonner}
        rows={data?.items ?? TOM_RAEKKER}
        getRowId={(r) => String(r.id)}
        settings={settings}
        {...tabelHentning(q, listeFejlbesked)}
        onOpen={onOpen}
        gridRef={gridRef}
        filterPlaceholder="Søg i batchen"
      />
      {data && (
        <SumLinje
          antal={data.totalCount}
          timerHalve={data.sumTimerHalve}
          oere={data.sumOere}
          navn={kredit ? 'kreditnotaer' : 'fakturaer'}
        />
      )}
    </section>
  );
}

const TOM_RAEKKER: FakturaRaekke[] = [];

const INGEN_BATCHES: Batch[] = [];

/**
 * The batches of a tab (approved, or transferred), all in memory (batches are few), newest first;
 * Enter moves the keyboard to the batch's invoices beside (`indholdRef`).
 */
export function BatchTabel({
  tabel,
  ariaLabel,
  columns,
  rows,
  hentning,
  onCursorChange,
  indholdRef,
}: {
  tabel: Pick<ReturnType<typeof useServerListe>['tabel'], 'tableName' | 'settings' | 'filterRef' | 'gridRef'>;
  ariaLabel: string;
  columns: DataTableColumn<Batch>[];
  rows: readonly Batch[] | undefined;
  hentning: Parameters<typeof tabelHentning>[0];
  onCursorChange(b: Batch | null): void;
  indholdRef: RefObject<HTMLTableElement | null>;
}) {
  return (
    <DataTable<Batch>
      tableName={tabel.tableName}
      settings={tabel.settings}
      filterRef={tabel.filterRef}
      gridRef={tabel.gridRef}
      mode="memory"
      defaultSort={{ column: 'id', direction: 'DESC' }}
      ariaLabel={ariaLabel}
      columns={columns}
      rows={rows ?? INGEN_BATCHES}
      getRowId={(r) => String(r.id)}
      filterPlaceholder="Søg i batches"
      {...tabelHentning(hentning, listeFejlbesked)}
      onCursorChange={onCursorChange}
      onOpen={() => indholdRef.current?.focus()}
    />
  );
}
