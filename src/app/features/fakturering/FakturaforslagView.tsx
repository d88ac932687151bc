import { useQueryClient } from '@tanstack/react-query';
import { Check, CheckCheck, FilePlus2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { statusserFor } from '../../../contract/faktura-status';
import type { DanForslagSvar, FakturaRaekke } from '../../../contract/fakturering';
import { formatOere, formatTal } from '../../../contract/format';
import type { Job } from '../../../contract/jobs';
import { fejlTekst, tabelHentning } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { listeFejlbesked } from '../../records/useServerListe';
import { jobFejlTekst } from '../../session/jobs';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { DataTable, type OpenOptions } from '../../ui/DataTable';
import { Fremskridt } from '../../ui/Fremskridt';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { aarKommandoer, dan, erKonflikt, filtre, godkend, useAar, useFakturaer } from './api';
import { AarVaelger, FakturaDetalje, SumLinje, virksomhedSti } from './Faktura';
import { FaktureringRamme } from './Ramme';
import { useFakturaListe } from './useFakturaListe';

/** The proposals: the invoices that can be approved. */
const GODKENDES = statusserFor('godkend');

const TAST = {
  dan: 'alt+shift+f',
  godkendValgte: 'alt+shift+g',
  godkendAlle: 'alt+shift+a',
  vaelgAlle: 'mod+a',
};

/**
 * /fakturering/fakturaforslagliste: the settlement year's proposals (status forslag), their sums, the
 * selected proposal's lines; 'Dan fakturaforslag' (re)builds them, 'Godkend valgte' and 'Godkend alle'
 * approve into a new batch. Space chooses the row under the cursor, Ctrl/Cmd+A every row of the page;
 * Enter opens the company, Ctrl/Cmd+Enter beside.
 */
export default function FakturaforslagView(_props: ViewProps) {
  return <FaktureringRamme>{() => <Forslag />}</FaktureringRamme>;
}

function Forslag() {
  const tile = useTile();
  const client = useQueryClient();
  const { confirm, confirmModal } = useConfirm();
  const [aar, setAar, aarValg] = useAar();
  const { filter, setStart, kommandoer, tabel, columns, q, data } = useFakturaListe(
    'fakturaforslag',
    ['virksomhedsnavn', 'type', 'cvrNr', 'antalLinjer', 'timerHalve', 'totalOere'],
    [filtre.status(...GODKENDES), filtre.aar(aar)],
  );
  // Every proposal of the year, whatever the search: what 'Dan' replaces and 'Godkend alle' approves.
  const alle = useFakturaer({
    start: 0,
    take: 1,
    sortByColumn: 'id',
    sortDirection: 'ASC',
    filteredColumns: [filtre.status(...GODKENDES), filtre.aar(aar)],
  });
  const alleData = alle.isError ? undefined : alle.data;
  const rows = data?.items ?? TOM;

  // The chosen proposals with the version seen (a page may be left; the choice stays).
  const [valgte, setValgte] = useState<Map<number, FakturaRaekke>>(new Map());
  const [cursor, setCursor] = useState<FakturaRaekke | null>(null);
  const [arbejder, setArbejder] = useState<string | null>(null);
  /** The running proposal run's job (its progress), null when none runs. */
  const [job, setJob] = useState<Job | null>(null);
  const [svar, setSvar] = useState<DanForslagSvar | null>(null);
  const [konflikt, setKonflikt] = useState<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const dataRef = useRef(alleData);
  dataRef.current = alleData;
  const valgteRef = useRef(valgte);
  valgteRef.current = valgte;

  // A new year (chosen here or in another invoicing tab): its first page, nothing chosen.
  const skiftAar = setAar;
  const visteAar = useRef(aar);
  useEffect(() => {
    if (visteAar.current === aar) return;
    visteAar.current = aar;
    setStart(0);
    setValgte(new Map());
    setSvar(null);
    setKonflikt(null);
  }, [aar, setStart]);

  const vaelgAlle = useCallback(() => {
    setValgte((v) => {
      const n = new Map(v);
      for (const r of rowsRef.current) n.set(r.id, r);
      return n;
    });
  }, []);

  const koerDan = useCallback(async () => {
    if (arbejder) return;
    const eksisterende = dataRef.current?.totalCount ?? 0;
    if (
      eksisterende > 0 &&
      !(await confirm({
        title: 'Dan fakturaforslag igen?',
        message: `Der findes ${formatTal(eksisterende)} fakturaforslag for afregningsåret ${aar}. De erstattes af nye forslag; godkendte og overførte fakturaer røres ikke.`,
        confirmLabel: 'Dan fakturaforslag',
      }))
    )
      return;
    setArbejder('dan');
    setKonflikt(null);
    try {
      const s = await dan(client, aar, setJob, (besked) => toast.info(besked));
      setSvar(s);
      setValgte(new Map());
      toast.success(
        `Fakturaforslag for ${s.aar} er dannet: ${formatTal(s.antalForslag)} forslag, i alt ${formatOere(s.totalOere)}`,
      );
    } catch (err) {
      toast.error(jobFejlTekst(err));
    } finally {
      setArbejder(null);
      setJob(null);
    }
  }, [arbejder, aar, client, confirm]);

  const koerGodkend = useCallback(
    async (alle: boolean) => {
      if (arbejder) return;
      const d = dataRef.current;
      const v = [...valgteRef.current.values()];
      const antal = alle ? (d?.totalCount ?? 0) : v.length;
      const total = alle ? (d?.sumOere ?? 0) : v.reduce((s, r) => s + r.totalOere, 0);
      if (antal === 0) {
        toast.warning(
          alle ? 'Der er ingen fakturaforslag at godkende' : 'Vælg mindst ét forslag (Mellemrum)',
        );
        return;
      }
      if (
        !(await confirm({
          title: alle ? 'Godkend alle fakturaforslag?' : 'Godkend de valgte fakturaforslag?',
          message: `${formatTal(antal)} ${antal === 1 ? 'fakturaforslag' : 'fakturaforslag'} for i alt ${formatOere(total)} godkendes og samles i en ny batch, der afventer overførsel til økonomisystemet.`,
          confirmLabel: `Godkend ${formatTal(antal)}`,
        }))
      )
        return;
      setArbejder('godkend');
      setKonflikt(null);
      try {
        const batch = await godkend(
          client,
          alle ? { alle: true, aar } : { forslag: v.map((r) => ({ id: r.id, version: r.version })) },
        );
        setValgte(new Map());
        toast.success(
          `Batch #${batch.id} er oprettet: ${formatTal(batch.antal)} fakturaer, i alt ${formatOere(batch.totalOere)}`,
        );
      } catch (err) {
        if (erKonflikt(err)) {
          setValgte(new Map());
          setKonflikt(
            'Et eller flere af forslagene er allerede godkendt af en anden. Listen er opdateret; vælg igen.',
          );
        } else toast.error(fejlTekst(err, { udenSvar: true }));
      } finally {
        setArbejder(null);
      }
    },
    [arbejder, aar, client, confirm],
  );

  const commands = useMemo<TileCommand[]>(
    () => [
      ...kommandoer,
      {
        id: 'dan-fakturaforslag',
        label: 'Dan fakturaforslag',
        shortcut: TAST.dan,
        keywords: ['fakturering', 'forslag', 'dan', 'beregn'],
        disabled: arbejder !== null,
        run: () => void koerDan(),
      },
      {
        id: 'godkend-valgte',
        label: 'Godkend valgte',
        shortcut: TAST.godkendValgte,
        keywords: ['fakturering', 'godkend', 'valgte'],
        disabled: arbejder !== null,
        run: () => void koerGodkend(false),
      },
      {
        id: 'godkend-alle',
        label: 'Godkend alle',
        shortcut: TAST.godkendAlle,
        keywords: ['fakturering', 'godkend', 'alle'],
        disabled: arbejder !== null,
        run: () => void koerGodkend(true),
      },
      {
        id: 'vaelg-alle-forslag',
        label: 'Vælg alle forslag på siden',
        shortcut: TAST.vaelgAlle,
        keywords: ['marker', 'vælg'],
        run: () => {
          // In a text field Ctrl+A keeps its own meaning.
          const a = document.activeElement;
          if (a instanceof HTMLInputElement || a instanceof HTMLTextAreaElement) a.select();
          else vaelgAlle();
        },
      },
      ...aarKommandoer(aar, aarValg, skiftAar),
    ],
    [kommandoer, arbejder, koerDan, koerGodkend, vaelgAlle, aar, aarValg, skiftAar],
  );
  useTileCommands(commands);

  const aabn = useCallback(
    (r: FakturaRaekke, opts?: OpenOptions) => {
      if (opts?.beside) tile.openBeside(virksomhedSti(r));
      else tile.navigate(virksomhedSti(r));
    },
    [tile],
  );

  const valgtIds = useMemo(() => new Set([...valgte.keys()].map(String)), [valgte]);
  const onSelection = (s: Set<string>) => {
    const n = new Map<number, FakturaRaekke>();
    for (const id of s) {
      const r = valgte.get(Number(id)) ?? rows.find((x) => String(x.id) === id);
      if (r) n.set(r.id, r);
    }
    setValgte(n);
  };
  const valgtTotal = [...valgte.values()].reduce((s, r) => s + r.totalOere, 0);
  const tom = data !== undefined && data.totalCount === 0 && !filter;

  return (
    <div className="fak-visning">
      <div className="fak-linje">
        <AarVaelger aar={aar} valg={aarValg} onChange={skiftAar} />
        <Button
          size="small"
          onClick={() => void koerDan()}
          disabled={arbejder !== null}
          title={medGenvej('Dan fakturaforslag', TAST.dan)}
        >
          <FilePlus2 size={14} aria-hidden="true" /> {arbejder === 'dan' ? 'Danner …' : 'Dan fakturaforslag'}
        </Button>
        <Button
          size="small"
          color="success"
          onClick={() => void koerGodkend(false)}
          disabled={arbejder !== null || valgte.size === 0}
          title={medGenvej('Godkend valgte', TAST.godkendValgte)}
        >
          <Check size={14} aria-hidden="true" /> Godkend valgte ({valgte.size})
        </Button>
        <Button
          size="small"
          color="secondary"
          onClick={() => void koerGodkend(true)}
          disabled={arbejder !== null || !alleData || alleData.totalCount === 0}
          title={medGenvej('Godkend alle', TAST.godkendAlle)}
        >
          <CheckCheck size={14} aria-hidden="true" /> Godkend alle
        </Button>
      </div>
      {job && (
        <div className="fak-svar">
          <Fremskridt
            titel={`Danner fakturaforslag for ${aar}`}
            done={job.done}
            total={job.total}
            enhed="virksomheder"
          />
        </div>
      )}
      {!job && svar && svar.aar === aar && (
        <p className="fak-svar" data-testid="dan-svar" role="status">
          Dannet: {formatTal(svar.antalForslag)} forslag med {formatTal(svar.antalLinjer)} linjer, i alt{' '}
          {formatOere(svar.totalOere)}
          {svar.erstattede > 0 && ` (${formatTal(svar.erstattede)} tidligere forslag erstattet)`}.
        </p>
      )}
      {svar && svar.aar === aar && svar.udeladte.length > 0 && (
        <ul className="form-alert" role="alert" aria-label="Ikke faktureret">
          {svar.udeladte.map((u) => (
            <li key={u.registreringId}>{u.tekst}</li>
          ))}
        </ul>
      )}
      {konflikt && (
        <p className="form-alert" role="alert">
          {konflikt}
        </p>
      )}
      <div className="fak-delt">
        <div className="fak-liste">
          {tom ? (
            <p className="fak-tom-liste" data-testid="fak-tom">
              Ingen fakturaforslag for afregningsåret {aar}. Brug ‘Dan fakturaforslag’ for at beregne dem.
            </p>
          ) : (
            <DataTable<FakturaRaekke>
              {...tabel}
              ariaLabel="Fakturaforslag"
              columns={columns}
              rows={rows}
              totalCount={data?.totalCount}
              getRowId={(r) => String(r.id)}
              filterPlaceholder="Søg på virksomhed eller CVR"
              {...tabelHentning(q, listeFejlbesked)}
              selectionMode="checkbox"
              selected={valgtIds}
              onSelectionChange={onSelection}
              onCursorChange={setCursor}
              onOpen={aabn}
            />
          )}
          {data && !tom && (
            <>
              <SumLinje
                antal={data.totalCount}
                timerHalve={data.sumTimerHalve}
                oere={data.sumOere}
                navn="forslag"
              />
              {valgte.size > 0 && (
                <p className="fak-sum muted" data-testid="fak-valgte">
                  Valgt: {formatTal(valgte.size)} forslag, {formatOere(valgtTotal)}
                </p>
              )}
            </>
          )}
        </div>
        <div className="fak-panel">
          <FakturaDetalje id={cursor?.id ?? null} overskrift="Fakturaforslag" />
        </div>
      </div>
      {confirmModal}
    </div>
  );
}

const TOM: FakturaRaekke[] = [];
