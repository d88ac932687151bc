import { useQueryClient } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BATCH_I_OEKONOMI, batchKanUdfoere, FAKTURA_I_OEKONOMI } from '../../../contract/faktura-status';
import type { Batch, FakturaListeQuery, FakturaRaekke } from '../../../contract/fakturering';
import { formatOere, formatTal } from '../../../contract/format';
import { fejlTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useServerListe } from '../../records/useServerListe';
import { Button } from '../../ui/Button';
import type { OpenOptions } from '../../ui/DataTable';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { AarsagModal } from './AarsagModal';
import {
  aarKommandoer,
  type BatchListeQuery,
  filtre,
  krediter,
  useAar,
  useBatches,
  useFakturaer,
} from './api';
import {
  AarVaelger,
  BatchFakturaer,
  BatchTabel,
  batchKolonner,
  fakturaKolonner,
  virksomhedSti,
} from './Faktura';
import { FaktureringRamme } from './Ramme';

const TAST = { krediter: 'alt+shift+k' };

/** The sum of the invoices (or credit notes) of a year that reached the economy system. */
function useSum(aar: number, art: 'faktura' | 'kredit' | null) {
  const query: FakturaListeQuery = {
    start: 0,
    take: 1,
    sortByColumn: 'id',
    sortDirection: 'ASC',
    filteredColumns: [
      filtre.aar(aar),
      filtre.status(...FAKTURA_I_OEKONOMI),
      ...(art ? [filtre.art(art)] : []),
    ],
  };
  return useFakturaer(query);
}

/**
 * /fakturering/fakturaoversigt: the year's transferred batches (fully, partly, credited, and credit
 * batches), the chosen batch's invoices and credit notes with their invoice numbers, and the year's
 * totals: invoiced, credited and net, each the server's sum of every matching invoice, so they
 * reconcile. 'Kreditér batch' asks for a reason (required) and makes a credit batch awaiting transfer.
 */
export default function FakturaoversigtView(_props: ViewProps) {
  return <FaktureringRamme>{() => <Oversigt />}</FaktureringRamme>;
}

function Oversigt() {
  const tile = useTile();
  const client = useQueryClient();
  const [aar, setAar, aarValg] = useAar();
  const columns = useMemo(() => batchKolonner(), []);
  const fakturaCols = useMemo(
    () =>
      fakturaKolonner([
        'virksomhedsnavn',
        'cvrNr',
        'art',
        'status',
        'fakturanummer',
        'totalOere',
        'overfoert',
      ]),
    [],
  );
  const { kommandoer, tabel } = useServerListe('fakturaBatchesOverfoert', columns, {
    column: 'id',
    direction: 'DESC',
  });
  const query: BatchListeQuery = {
    // Batches are few (one per approval or credit): all of them, filtered and sorted in the table.
    start: 0,
    take: 500,
    sortByColumn: 'id',
    sortDirection: 'DESC',
    filteredColumns: [filtre.batchStatus(...BATCH_I_OEKONOMI), filtre.aar(aar)],
  };
  const q = useBatches(query);
  const data = q.isError ? undefined : q.data;
  const faktureret = useSum(aar, 'faktura');
  const krediteret = useSum(aar, 'kredit');
  const netto = useSum(aar, null);

  // The cursor is a batch id; the batch shown is the list's answer of now (a credited batch shows
  // its new status and credited amount at once).
  const [cursorId, setCursorId] = useState<number | null>(null);
  const cursor = data?.items.find((b) => b.id === cursorId) ?? null;
  const setCursor = useCallback((b: Batch | null) => setCursorId(b?.id ?? null), []);
  const cursorRef = useRef(cursor);
  const indholdRef = useRef<HTMLTableElement>(null);
  cursorRef.current = cursor;
  const [aaben, setAaben] = useState(false);
  const [arbejder, setArbejder] = useState(false);
  const [fejl, setFejl] = useState<string | null>(null);
  const [kreditBatch, setKreditBatch] = useState<Batch | null>(null);

  const skiftAar = setAar;
  // A new year (chosen here or in another invoicing tab) forgets the last credit's answer.
  const visteAar = useRef(aar);
  useEffect(() => {
    if (visteAar.current === aar) return;
    visteAar.current = aar;
    setKreditBatch(null);
  }, [aar]);

  const aabnKrediter = useCallback(() => {
    const b = cursorRef.current;
    if (!b) toast.warning('Vælg en batch i listen');
    else if (b.art === 'kredit') toast.warning('En kreditering kan ikke krediteres');
    else if (b.krediteretAfBatchId !== null || !batchKanUdfoere(b.status, 'krediter'))
      toast.warning(`Batch #${b.id} er allerede krediteret`);
    else setAaben(true);
  }, []);

  const koerKrediter = async (aarsag: string) => {
    const b = cursorRef.current;
    if (!b || arbejder) return;
    setArbejder(true);
    setFejl(null);
    try {
      const k = await krediter(client, b.id, aarsag);
      setKreditBatch(k);
      setAaben(false);
      toast.success(
        `Kreditbatch #${k.id} er oprettet: ${formatTal(k.antal)} kreditnotaer, i alt ${formatOere(k.totalOere)}`,
      );
    } catch (err) {
      setFejl(fejlTekst(err, { udenSvar: true, kilder: ['felter', 'message', 'title'] }));
    } finally {
      setArbejder(false);
    }
  };

  const commands = useMemo<TileCommand[]>(
    () => [
      ...kommandoer,
      {
        id: 'krediter-batch',
        label: 'Kreditér batch',
        shortcut: TAST.krediter,
        keywords: ['fakturering', 'kreditér', 'kreditnota', 'batch'],
        disabled: arbejder,
        run: aabnKrediter,
      },
      ...aarKommandoer(aar, aarValg, skiftAar),
    ],
    [kommandoer, arbejder, aabnKrediter, aar, aarValg, skiftAar],
  );
  useTileCommands(commands);

  const aabnFaktura = useCallback(
    (r: FakturaRaekke, opts?: OpenOptions) => {
      if (opts?.beside) tile.openBeside(virksomhedSti(r));
      else tile.navigate(virksomhedSti(r));
    },
    [tile],
  );

  const sum = (s: typeof faktureret) => (s.data && !s.isError ? formatOere(s.data.sumOere) : '…');
  const tom = data !== undefined && data.totalCount === 0;
  return (
    <div className="fak-visning">
      <div className="fak-linje">
        <AarVaelger aar={aar} valg={aarValg} onChange={skiftAar} />
        <Button
          size="small"
          color="secondary"
          onClick={aabnKrediter}
          disabled={
            arbejder || !cursor || cursor.art === 'kredit' || !batchKanUdfoere(cursor.status, 'krediter')
          }
          title={medGenvej('Kreditér batch', TAST.krediter)}
        >
          <ReceiptText size={14} aria-hidden="true" /> Kreditér batch
        </Button>
      </div>
      <dl className="fak-afstemning" aria-label={`Afstemning ${aar}`}>
        <div>
          <dt>Faktureret</dt>
          <dd data-testid="sum-faktureret">{sum(faktureret)}</dd>
        </div>
        <div>
          <dt>Krediteret</dt>
          <dd data-testid="sum-krediteret">{sum(krediteret)}</dd>
        </div>
        <div>
          <dt>Netto</dt>
          <dd data-testid="sum-netto">
            <strong>{sum(netto)}</strong>
          </dd>
        </div>
      </dl>
      {kreditBatch && (
        <p className="fak-svar" role="status" data-testid="kredit-svar">
          Kreditbatch #{kreditBatch.id} med {formatTal(kreditBatch.antal)} kreditnotaer på{' '}
          {formatOere(kreditBatch.totalOere)} afventer overførsel under ‘Godkendte fakturaforslag’.
        </p>
      )}
      <div className="fak-delt">
        <div className="fak-liste">
          {tom ? (
            <p className="fak-tom-liste" data-testid="fak-tom">
              Ingen overførte fakturaer for afregningsåret {aar}.
            </p>
          ) : (
            <BatchTabel
              tabel={tabel}
              ariaLabel="Overførte batches"
              columns={columns}
              rows={data?.items}
              hentning={q}
              onCursorChange={setCursor}
              indholdRef={indholdRef}
            />
          )}
        </div>
        <div className="fak-panel">
          <BatchFakturaer
            batch={cursor}
            kolonner={fakturaCols}
            tableName="fakturaBatchOverfoertIndhold"
            onOpen={aabnFaktura}
            gridRef={indholdRef}
          />
        </div>
      </div>
      <AarsagModal
        open={aaben}
        title={`Kreditér batch #${cursor?.id ?? ''}`}
        besked={
          cursor
            ? `Hver overført faktura i batchen (i alt ${formatOere(cursor.totalOere)}) får en kreditnota med de samme linjer med modsat fortegn. Registreringerne kan derefter rettes og faktureres igen.`
            : ''
        }
        kraevet
        okTekst="Kreditér batch"
        arbejder={arbejder}
        fejl={fejl}
        onOk={(a) => void koerKrediter(a)}
        onFortryd={() => {
          setAaben(false);
          setFejl(null);
        }}
      />
    </div>
  );
}
