import { useQueryClient } from '@tanstack/react-query';
import { Ban, Send } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type BatchHandling, batchKanUdfoere, batchStatusserFor } from '../../../contract/faktura-status';
import type { Batch, FakturaRaekke, OverfoerSvar } from '../../../contract/fakturering';
import { antalMed, formatOere, formatTal } from '../../../contract/format';
import type { Job } from '../../../contract/jobs';
import { fejlTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useServerListe } from '../../records/useServerListe';
import { jobFejlTekst } from '../../session/jobs';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import type { OpenOptions } from '../../ui/DataTable';
import { Fremskridt } from '../../ui/Fremskridt';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { AarsagModal } from './AarsagModal';
import { annuller, type BatchListeQuery, erKonflikt, filtre, overfoer, useBatches } from './api';
import { BatchFakturaer, BatchTabel, batchKolonner, fakturaKolonner, virksomhedSti } from './Faktura';
import { FaktureringRamme } from './Ramme';

const TAST = { overfoer: 'alt+shift+o', annuller: 'alt+shift+x' };

/** Whether the chosen batch offers the act (src/contract/faktura-status.ts). */
const kan = (b: Batch | null, h: BatchHandling) => b !== null && batchKanUdfoere(b.status, h);

/**
 * /fakturering/godkendtefakturaforslag: the batches awaiting transfer (approved invoices and credit
 * notes), the chosen batch's invoices beside; 'Overfør til økonomisystem' sends the batch and tells
 * how many were transferred and how many failed; 'Annullér batch' returns its invoices to proposals.
 */
export default function GodkendteView(_props: ViewProps) {
  return <FaktureringRamme>{(integration) => <Godkendte integration={integration} />}</FaktureringRamme>;
}

function Godkendte({ integration }: { integration: boolean }) {
  const tile = useTile();
  const client = useQueryClient();
  const columns = useMemo(() => batchKolonner(), []);
  const fakturaCols = useMemo(
    () => fakturaKolonner(['virksomhedsnavn', 'cvrNr', 'art', 'status', 'totalOere', 'fejl']),
    [],
  );
  const { kommandoer, tabel } = useServerListe('fakturaBatchesGodkendt', columns, {
    column: 'id',
    direction: 'DESC',
  });
  const query: BatchListeQuery = {
    // Batches are few (one per approval or credit): all of them, filtered and sorted in the table.
    start: 0,
    take: 500,
    sortByColumn: 'id',
    sortDirection: 'DESC',
    // Awaiting transfer, and sent without any invoice taken (they wait for a transfer that goes through).
    filteredColumns: [filtre.batchStatus(...batchStatusserFor('overfoer'))],
  };
  const q = useBatches(query);
  const data = q.isError ? undefined : q.data;
  // The cursor is a batch id; the batch shown is always the list's answer of now, so a transferred
  // batch never keeps reading 'Afventer overførsel' (it leaves this list; the panel shows the
  // transfer's answer for it, with the status it has now).
  const [cursorId, setCursorId] = useState<number | null>(null);
  const [resultat, setResultat] = useState<(OverfoerSvar & { batchId: number }) | null>(null);
  const cursor = data?.items.find((b) => b.id === cursorId) ?? null;
  const vist = cursor ?? (resultat && resultat.batch.id === cursorId ? resultat.batch : null);
  const setCursor = useCallback((b: Batch | null) => setCursorId(b?.id ?? null), []);
  const cursorRef = useRef(cursor);
  const indholdRef = useRef<HTMLTableElement>(null);
  cursorRef.current = cursor;
  const [arbejder, setArbejder] = useState<string | null>(null);
  /** The running transfer's job (its progress), null when none runs. */
  const [job, setJob] = useState<Job | null>(null);
  const [annullerAaben, setAnnullerAaben] = useState(false);
  const [annullerFejl, setAnnullerFejl] = useState<string | null>(null);
  const { confirm, confirmModal } = useConfirm();

  const koerOverfoer = useCallback(async () => {
    const b = cursorRef.current;
    if (!b || arbejder) {
      if (!b) toast.warning('Vælg en batch i listen');
      return;
    }
    // Sending to another system asks first, with what will be sent (Enter sends, Escape does not).
    const ok = await confirm(overfoerSpoergsmaal(b, integration));
    if (!ok || cursorRef.current?.id !== b.id) return;
    setArbejder('overfoer');
    setResultat(null);
    try {
      const svar = await overfoer(client, b, setJob, (besked) => toast.info(besked));
      setResultat({ ...svar, batchId: b.id });
      const tekst = `Batch #${b.id}: ${formatTal(svar.overfoert)} overført, ${formatTal(svar.fejlet)} fejlet`;
      if (svar.fejlet > 0) toast.warning(`${tekst}. Ret de fejlede under ‘Fejlede overførsler’.`);
      else toast.success(tekst);
    } catch (err) {
      toast.error(
        erKonflikt(err)
          ? `Batch #${b.id} er ændret af en anden (overført eller annulleret). Listen er opdateret.`
          : jobFejlTekst(err),
      );
    } finally {
      setArbejder(null);
      setJob(null);
    }
  }, [arbejder, client, confirm, integration]);

  const koerAnnuller = useCallback(
    async (aarsag: string) => {
      const b = cursorRef.current;
      if (!b || arbejder) return;
      setArbejder('annuller');
      setAnnullerFejl(null);
      try {
        const svar = await annuller(client, b.id, aarsag);
        setAnnullerAaben(false);
        toast.success(
          `Batch #${svar.id} er annulleret; ${formatTal(svar.antal)} fakturaer er igen fakturaforslag`,
        );
      } catch (err) {
        setAnnullerFejl(fejlTekst(err, { udenSvar: true }));
      } finally {
        setArbejder(null);
      }
    },
    [arbejder, client],
  );

  const commands = useMemo<TileCommand[]>(
    () => [
      ...kommandoer,
      {
        id: 'overfoer-batch',
        label: 'Overfør til økonomisystem',
        shortcut: TAST.overfoer,
        keywords: ['fakturering', 'overfør', 'batch', 'økonomi'],
        disabled: arbejder !== null,
        run: () => void koerOverfoer(),
      },
      {
        id: 'annuller-batch',
        label: 'Annullér batch',
        shortcut: TAST.annuller,
        keywords: ['fakturering', 'annullér', 'batch', 'fortryd'],
        disabled: arbejder !== null,
        run: () => {
          if (!cursorRef.current) toast.warning('Vælg en batch i listen');
          else setAnnullerAaben(true);
        },
      },
    ],
    [kommandoer, arbejder, koerOverfoer],
  );
  useTileCommands(commands);

  const aabnFaktura = useCallback(
    (r: FakturaRaekke, opts?: OpenOptions) => {
      if (opts?.beside) tile.openBeside(virksomhedSti(r));
      else tile.navigate(virksomhedSti(r));
    },
    [tile],
  );

  const tom = data !== undefined && data.totalCount === 0;
  return (
    <div className="fak-visning">
      <div className="fak-linje">
        <Button
          size="small"
          onClick={() => void koerOverfoer()}
          disabled={arbejder !== null || !kan(cursor, 'overfoer')}
          title={medGenvej('Overfør til økonomisystem', TAST.overfoer)}
        >
          <Send size={14} aria-hidden="true" />{' '}
          {arbejder === 'overfoer' ? 'Overfører …' : 'Overfør til økonomisystem'}
        </Button>
        <Button
          size="small"
          color="secondary"
          onClick={() => setAnnullerAaben(true)}
          disabled={arbejder !== null || !kan(cursor, 'annuller')}
          title={medGenvej('Annullér batch', TAST.annuller)}
        >
          <Ban size={14} aria-hidden="true" /> Annullér batch
        </Button>
        {!integration && (
          <span className="muted small">
            Kunden bruger ikke økonomisystemet; overførslen registreres kun her.
          </span>
        )}
      </div>
      {job && (
        <div className="fak-svar">
          <Fremskridt titel={job.titel} done={job.done} total={job.total} enhed="fakturaer" />
        </div>
      )}
      {!job && resultat && (
        <p
          className={resultat.fejlet > 0 ? 'form-alert' : 'fak-svar'}
          role="status"
          data-testid="overfoer-svar"
        >
          Batch #{resultat.batchId}: {formatTal(resultat.overfoert)} overført, {formatTal(resultat.fejlet)}{' '}
          fejlet
          {resultat.fejlet > 0 && ' – ret betalerdata under ‘Fejlede overførsler’ og prøv igen'}.
        </p>
      )}
      <div className="fak-delt">
        <div className="fak-liste">
          {tom ? (
            <p className="fak-tom-liste" data-testid="fak-tom">
              Ingen godkendte fakturaforslag afventer overførsel.
            </p>
          ) : (
            <BatchTabel
              tabel={tabel}
              ariaLabel="Godkendte batches"
              columns={columns}
              rows={data?.items}
              hentning={q}
              onCursorChange={setCursor}
              indholdRef={indholdRef}
            />
          )}
          {data && !tom && (
            <p className="fak-sum">
              {formatTal(data.totalCount)} {data.totalCount === 1 ? 'batch afventer' : 'batches afventer'}{' '}
              overførsel
            </p>
          )}
        </div>
        <div className="fak-panel">
          <BatchFakturaer
            batch={vist}
            kolonner={fakturaCols}
            tableName="fakturaBatchGodkendtIndhold"
            onOpen={aabnFaktura}
            gridRef={indholdRef}
          />
        </div>
      </div>
      {confirmModal}
      <AarsagModal
        open={annullerAaben}
        title={`Annullér batch #${cursor?.id ?? ''}?`}
        besked={
          cursor
            ? `${formatTal(cursor.antal)} fakturaer for i alt ${formatOere(cursor.totalOere)} bliver igen fakturaforslag. Batchen gemmes som annulleret.`
            : ''
        }
        kraevet={false}
        okTekst="Annullér batch"
        arbejder={arbejder === 'annuller'}
        fejl={annullerFejl}
        onOk={(a) => void koerAnnuller(a)}
        onFortryd={() => {
          setAnnullerAaben(false);
          setAnnullerFejl(null);
        }}
      />
    </div>
  );
}

/** The question before a batch is transferred: how many invoices (or credit notes), the total, where to. */
export function overfoerSpoergsmaal(
  b: Pick<Batch, 'id' | 'art' | 'antal' | 'totalOere'>,
  integration: boolean,
) {
  const hvad =
    b.art === 'kredit'
      ? antalMed(b.antal, 'kreditnota', 'kreditnotaer')
      : antalMed(b.antal, 'faktura', 'fakturaer');
  return {
    title: `Overfør batch #${b.id} til økonomisystemet?`,
    message: (
      <p data-testid="overfoer-spoergsmaal">
        {integration
          ? `${hvad} for i alt ${formatOere(b.totalOere)} sendes til økonomisystemet.`
          : `${hvad} for i alt ${formatOere(b.totalOere)} registreres som overført (kunden bruger ikke økonomisystemet).`}{' '}
        Bagefter kan batchen ikke annulleres, kun krediteres.
      </p>
    ),
    confirmLabel: 'Overfør',
    fokus: 'bekraeft' as const,
  };
}
