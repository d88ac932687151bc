import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { type VirksomhedEllerLandbrug, virksomhedEllerLandbrug } from '../../../contract/entitet';
import { type CvrEnhedDto, type OpretSvar, opretFraCvr, soegCvr } from '../../../contract/registre';
import { fejlTekst as fejlTekstAf, tabelHentning } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { datoKolonne, serverSortering, tekstKolonne } from '../../ui/table/kolonner';
import { toast } from '../../ui/toast';

const SIDE = 50;

/** A yes/no as the query string writes it. */
const somQuery = (b: boolean): 'true' | 'false' => (b ? 'true' : 'false');

export interface OpretProps {
  type: VirksomhedEllerLandbrug;
  /** The active customer's municipality number (kundeNr). */
  kommuneId: number;
  opretterId: number;
  onClose(): void;
  onCreated(ids: number[]): void;
}

/** A failed create as text: the first field message of a 400, else the server's message or title. */
export const fejlTekst = (err: unknown): string =>
  fejlTekstAf(err, { kilder: ['felter', 'message', 'title'] });

/** After a creation (from CVR or by hand): the list loads again, a toast says what was created. */
export function meldOprettet(
  type: VirksomhedEllerLandbrug,
  svar: OpretSvar,
  onCreated: OpretProps['onCreated'],
) {
  const n = svar.oprettede.length;
  toast.success(
    n === 1
      ? `${svar.oprettede[0]!.navn} er oprettet`
      : `${n} ${virksomhedEllerLandbrug(type).ordFlertal} er oprettet`,
  );
  onCreated(svar.oprettede.map((o) => o.id));
}

/** A labelled check box of the search options. */
function Afkrydsning(p: { checked: boolean; onChange(v: boolean): void; children: ReactNode }) {
  return (
    <label className="check">
      <input type="checkbox" checked={p.checked} onChange={(e) => p.onChange(e.target.checked)} />
      {p.children}
    </label>
  );
}

/**
 * 'Opret virksomhed fra CVR': search the register's production units in the municipality, tick
 * them (Space or the checkbox; Shift extends), create. Units already in the list are left out unless
 * the user asks to see them; then they are marked.
 */
export function OpretFraCvrModal({ type, kommuneId, opretterId, onClose, onCreated }: OpretProps) {
  const queryClient = useQueryClient();
  const [soegeTekst, setSoegeTekst] = useState('');
  const [udenfor, setUdenfor] = useState(false);
  const [dubletter, setDubletter] = useState(false);
  const [firstStart, setFirstStart] = useState(0);
  const [valgte, setValgte] = useState<Map<string, CvrEnhedDto>>(new Map());
  const filterRef = useRef<HTMLInputElement>(null);
  /** A changed search option starts the result from its first page. */
  const nySoegning = (saet: (v: boolean) => void) => (v: boolean) => {
    saet(v);
    setFirstStart(0);
  };

  const query = {
    kommuneId,
    virksomhedsType: type,
    firstStart,
    lastStart: firstStart + SIDE,
    soegeTekst: soegeTekst || undefined,
    tilladPNrUdenforKommune: somQuery(udenfor),
    tilladPNrDublering: somQuery(dubletter),
  };
  const opslag = useQuery({
    queryKey: ['cvr', 'lookup', query],
    queryFn: ({ signal }) => http.call(soegCvr, { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });

  const opret = useMutation({
    mutationFn: () =>
      http.call(opretFraCvr, {
        query: {
          opretterId,
          kommuneId,
          virksomhedsType: type,
          PNRListe: [...valgte.keys()],
          tilladPNrDublering: somQuery(dubletter),
        },
        silent: true,
      }),
    onSuccess: (svar) => {
      void queryClient.invalidateQueries({ queryKey: ['virksomhed', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['cvr', 'lookup'] });
      meldOprettet(type, svar, onCreated);
    },
  });

  // The register's answer is shown in its own order: no column sorts.
  const columns = useMemo(
    () =>
      serverSortering<CvrEnhedDto>(
        [],
        [
          tekstKolonne('navn', 'Navn', (e) => e.navn, {
            cell: (e) => (
              <>
                {e.navn}
                {e.findesIListen && <span className="vl-badge warning"> Findes allerede</span>}
                {e.udenforKommune && <span className="vl-badge"> {e.kommunenavn} Kommune</span>}
              </>
            ),
            hideable: false,
          }),
          tekstKolonne('cvrNr', 'CVR-nr.', (e) => e.cvrNr),
          tekstKolonne('pNr', 'P-nr.', (e) => e.pNr),
          tekstKolonne('adresse', 'Adresse', (e) => e.adresse),
          tekstKolonne('branche', 'Branche', (e) => e.brancheNavn),
          datoKolonne('start', 'Startdato', (e) => e.startDato),
          datoKolonne('ophoer', 'Ophørt', (e) => e.ophoerDato, { defaultHidden: true }),
        ],
      ),
    [],
  );

  const rows = opslag.data?.items ?? [];
  const selectedIds = useMemo(() => new Set(valgte.keys()), [valgte]);
  const onSelectionChange = (ids: Set<string>) => {
    const next = new Map<string, CvrEnhedDto>();
    for (const [p, e] of valgte) if (ids.has(p) || !rows.some((r) => r.pNr === p)) next.set(p, e);
    for (const r of rows) if (ids.has(r.pNr)) next.set(r.pNr, r);
    setValgte(next);
  };
  const toggle = (e: CvrEnhedDto) => {
    const ids = new Set(selectedIds);
    if (ids.has(e.pNr)) ids.delete(e.pNr);
    else ids.add(e.pNr);
    onSelectionChange(ids);
  };

  const titel = `Opret ${virksomhedEllerLandbrug(type).ordEntal} fra CVR`;
  return (
    <Modal
      open
      title={titel}
      onClose={onClose}
      size="x-large"
      testId="opret-fra-cvr"
      bodyStyle={{
        height: '60vh',
        maxHeight: 600,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        padding: 0,
      }}
      footer={
        <>
          {opret.isError && (
            <span role="alert" className="field-error modal-footer-error">
              {fejlTekst(opret.error)}
            </span>
          )}
          <span className="vl-muted">{valgte.size} valgt</span>
          <Button color="secondary" onClick={onClose}>
            Fortryd
          </Button>
          <Button
            disabled={valgte.size === 0}
            loading={opret.isPending}
            loadingText="Opretter …"
            onClick={() => opret.mutate()}
          >
            Opret {valgte.size > 0 ? valgte.size : ''}
          </Button>
        </>
      }
    >
      <div className="cvr-options">
        <Afkrydsning checked={udenfor} onChange={nySoegning(setUdenfor)}>
          Medtag P-enheder uden for kommunen
        </Afkrydsning>
        <Afkrydsning checked={dubletter} onChange={nySoegning(setDubletter)}>
          Vis P-numre, der allerede findes i listen
        </Afkrydsning>
        {opslag.data?.begraenset && <span className="vl-muted">Mange træf – indsnævr søgningen</span>}
      </div>
      <DataTable<CvrEnhedDto>
        tableName="cvrOpslag"
        ariaLabel="Produktionsenheder i CVR"
        mode="server"
        columns={columns}
        rows={rows}
        totalCount={opslag.data?.totalCount}
        getRowId={(e) => e.pNr}
        page={{ start: firstStart, take: SIDE }}
        onPageChange={setFirstStart}
        onFilterChange={(t) => {
          setSoegeTekst(t);
          setFirstStart(0);
        }}
        filterPlaceholder="Søg på navn, CVR, P-nummer eller adresse"
        filterRef={filterRef}
        filterAutoFocus
        selectionMode="checkbox"
        selected={selectedIds}
        onSelectionChange={onSelectionChange}
        onOpen={toggle}
        {...tabelHentning(opslag, fejlTekst)}
      />
    </Modal>
  );
}
