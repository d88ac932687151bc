import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { type VirksomhedEllerLandbrug, virksomhedEllerLandbrug } from '../../../contract/entitet';
import { type CvrEnhedDto, cvrLookupSvarSchema, opretSvarSchema } from '../../../contract/registre';
import { formatDato } from '../../lib/dates';
import { fejlTekst as fejlTekstAf } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast';

const SIDE = 50;

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

  const query = {
    kommuneId,
    virksomhedsType: type,
    firstStart,
    lastStart: firstStart + SIDE,
    soegeTekst: soegeTekst || undefined,
    tilladPNrUdenforKommune: udenfor,
    tilladPNrDublering: dubletter,
  };
  const opslag = useQuery({
    queryKey: ['cvr', 'lookup', query],
    queryFn: ({ signal }) =>
      http.get('Virksomhed/LookupVirksomhederFraCvr', {
        query,
        schema: cvrLookupSvarSchema,
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

  const opret = useMutation({
    mutationFn: () =>
      http.post('Virksomhed/OpretVirksomhedFraCvrData', undefined, {
        query: {
          opretterId,
          kommuneId,
          virksomhedsType: type,
          PNRListe: [...valgte.keys()],
          tilladPNrDublering: dubletter,
        },
        schema: opretSvarSchema,
        silent: true,
      }),
    onSuccess: (svar) => {
      void queryClient.invalidateQueries({ queryKey: ['virksomhed', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['cvr', 'lookup'] });
      const n = svar.oprettede.length;
      toast.success(
        n === 1
          ? `${svar.oprettede[0]!.navn} er oprettet`
          : `${n} ${virksomhedEllerLandbrug(type).ordFlertal} er oprettet`,
      );
      onCreated(svar.oprettede.map((o) => o.id));
    },
  });

  const columns = useMemo<DataTableColumn<CvrEnhedDto>[]>(
    () => [
      {
        id: 'navn',
        header: 'Navn',
        accessor: (e) => e.navn,
        cell: (e) => (
          <>
            {e.navn}
            {e.findesIListen && <span className="vl-badge warning"> Findes allerede</span>}
            {e.udenforKommune && <span className="vl-badge"> {e.kommunenavn} Kommune</span>}
          </>
        ),
        hideable: false,
        sortable: false,
      },
      { id: 'cvrNr', header: 'CVR-nr.', accessor: (e) => e.cvrNr, sortable: false },
      { id: 'pNr', header: 'P-nr.', accessor: (e) => e.pNr, sortable: false },
      { id: 'adresse', header: 'Adresse', accessor: (e) => e.adresse, sortable: false },
      { id: 'branche', header: 'Branche', accessor: (e) => e.brancheNavn, sortable: false },
      {
        id: 'start',
        header: 'Startdato',
        accessor: (e) => e.startDato,
        cell: (e) => formatDato(e.startDato),
        sortable: false,
      },
      {
        id: 'ophoer',
        header: 'Ophørt',
        accessor: (e) => e.ophoerDato,
        cell: (e) => formatDato(e.ophoerDato),
        sortable: false,
        defaultHidden: true,
      },
    ],
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
        <label className="check">
          <input
            type="checkbox"
            checked={udenfor}
            onChange={(e) => {
              setUdenfor(e.target.checked);
              setFirstStart(0);
            }}
          />
          Medtag P-enheder uden for kommunen
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={dubletter}
            onChange={(e) => {
              setDubletter(e.target.checked);
              setFirstStart(0);
            }}
          />
          Vis P-numre, der allerede findes i listen
        </label>
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
        loading={opslag.isFetching}
        error={opslag.isError ? fejlTekst(opslag.error) : null}
        onRetry={() => void opslag.refetch()}
      />
    </Modal>
  );
}
