import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { type FormEvent, type MutableRefObject, useCallback, useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { kanUdfoere, resultatAf } from '../../../contract/faktura-status';
import {
  BETALER_TYPER,
  type Betaler,
  type BetalerInput,
  betalerInputSchema,
  type FakturaRaekke,
  hentFakturaer,
} from '../../../contract/fakturering';
import { antalMed, formatDatoTidKort, formatOere, formatTal } from '../../../contract/format';
import { fejlTekst, tabelHentning } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { saveFailure } from '../../records/api';
import { listeFejlbesked } from '../../records/useServerListe';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { DataTable, type OpenOptions } from '../../ui/DataTable';
import { Field, TextInput, useVersionedForm } from '../../ui/form';
import { controlAria } from '../../ui/form/Field';
import { GemKnap } from '../../ui/form/GemKnap';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { fakturaKeys, filtre, foraeldet, gemBetalerKald, genoverfoer, useBetaler } from './api';
import { virksomhedSti } from './Faktura';
import { FaktureringRamme } from './Ramme';
import { useFakturaListe } from './useFakturaListe';

/** The failed transfers, and the status a retry that went through leaves (faktura-status.ts). */
const FEJLET = resultatAf('overfoerFejlet');
const OVERFOERT = resultatAf('overfoer');

const TAST = { proevIgen: 'alt+shift+r', proevAlle: 'alt+shift+a', gem: 'mod+s', ret: 'alt+shift+b' };

const BETALER_TYPE_TEKST: Record<(typeof BETALER_TYPER)[number], string> = {
  CVR: 'CVR (virksomhed)',
  CPR: 'CPR (person)',
  EAN: 'EAN (offentlig)',
  UDLAND: 'Udland',
};

/**
 * /fakturering/fakturafejledeoversigt (only for customers with the economy integration): invoices the
 * economy system refused, with its reason and the attempts; the payer data of the chosen invoice's
 * company can be fixed here, and 'Prøv igen' / 'Prøv alle igen' send again (each invoice keeps its
 * idempotency key, so a retry never bills twice).
 */
export default function FejledeView(_props: ViewProps) {
  return <FaktureringRamme>{() => <Fejlede />}</FaktureringRamme>;
}

function Fejlede() {
  const tile = useTile();
  const client = useQueryClient();
  const { filter, kommandoer, tabel, columns, q, data } = useFakturaListe(
    'fakturaerFejlede',
    ['virksomhedsnavn', 'cvrNr', 'betaler', 'totalOere', 'fejl', 'forsoeg'],
    [filtre.status(FEJLET)],
  );
  // The cursor is an invoice id; the invoice shown is the list's answer of now, so an invoice whose
  // retry went through (it leaves the list) no longer shows its old error.
  const [cursorId, setCursorId] = useState<number | null>(null);
  const cursor = data?.items.find((f) => f.id === cursorId) ?? null;
  const setCursor = useCallback((f: FakturaRaekke | null) => setCursorId(f?.id ?? null), []);
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  const [arbejder, setArbejder] = useState<string | null>(null);
  const gemRef = useRef<(() => Promise<void>) | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const proevIgen = useCallback(async () => {
    const f = cursorRef.current;
    if (!f || arbejder) {
      if (!f) toast.warning('Vælg en faktura i listen');
      return;
    }
    setArbejder('proev');
    try {
      const svar = await genoverfoer(f);
      if (svar.status === OVERFOERT)
        toast.success(
          `Fakturaen til ${svar.virksomhedsnavn} er overført som nr. ${svar.fakturanummer ?? ''}`,
        );
      else toast.error(`Økonomisystemet afviste igen: ${svar.fejl ?? 'ukendt årsag'}`);
    } catch (err) {
      toast.error(fejlTekst(err, { udenSvar: true }));
    } finally {
      await foraeldet(client);
      setArbejder(null);
    }
  }, [arbejder, client]);

  const proevAlle = useCallback(async () => {
    if (arbejder) return;
    setArbejder('alle');
    let ok = 0;
    let fejl = 0;
    try {
      const alle = await http.call(hentFakturaer, {
        query: { start: 0, take: 500, filteredColumns: [filtre.status(FEJLET)] },
        silent: true,
      });
      for (const f of alle.items) {
        try {
          const svar = await genoverfoer(f);
          if (svar.status === OVERFOERT) ok++;
          else fejl++;
        } catch {
          fejl++;
        }
      }
      if (alle.items.length === 0) toast.info('Der er ingen fejlede overførsler');
      else if (fejl > 0) toast.warning(`${formatTal(ok)} overført, ${formatTal(fejl)} fejlede igen`);
      else toast.success(`Alle ${formatTal(ok)} fakturaer er overført`);
    } catch (err) {
      toast.error(fejlTekst(err, { udenSvar: true }));
    } finally {
      await foraeldet(client);
      setArbejder(null);
    }
  }, [arbejder, client]);

  const commands = useMemo<TileCommand[]>(
    () => [
      ...kommandoer,
      {
        id: 'proev-igen',
        label: 'Prøv igen',
        shortcut: TAST.proevIgen,
        keywords: ['fakturering', 'overfør', 'igen', 'genoverfør'],
        disabled: arbejder !== null,
        run: () => void proevIgen(),
      },
      {
        id: 'proev-alle-igen',
        label: 'Prøv alle igen',
        shortcut: TAST.proevAlle,
        keywords: ['fakturering', 'overfør', 'alle', 'genoverfør'],
        disabled: arbejder !== null,
        run: () => void proevAlle(),
      },
      {
        id: 'ret-betaler',
        label: 'Ret betalerdata',
        shortcut: TAST.ret,
        keywords: ['betaler', 'ean', 'cvr', 'ret'],
        run: () => panelRef.current?.querySelector<HTMLElement>('select[name="betalerTypeKode"]')?.focus(),
      },
      {
        id: 'gem-betaler',
        label: 'Gem betalerdata',
        shortcut: TAST.gem,
        keywords: ['betaler', 'gem', 'ean', 'cvr'],
        run: () => void gemRef.current?.(),
      },
    ],
    [kommandoer, arbejder, proevIgen, proevAlle],
  );
  useTileCommands(commands);

  const aabn = useCallback(
    (r: FakturaRaekke, opts?: OpenOptions) => {
      if (opts?.beside) tile.openBeside(virksomhedSti(r));
      else tile.navigate(virksomhedSti(r));
    },
    [tile],
  );

  const tom = data !== undefined && data.totalCount === 0 && !filter;
  return (
    <div className="fak-visning">
      <div className="fak-linje">
        <Button
          size="small"
          onClick={() => void proevIgen()}
          disabled={arbejder !== null || !cursor || !kanUdfoere(cursor.status, 'overfoer')}
          title={medGenvej('Prøv igen', TAST.proevIgen)}
        >
          <RotateCw size={14} aria-hidden="true" /> {arbejder === 'proev' ? 'Overfører …' : 'Prøv igen'}
        </Button>
        <Button
          size="small"
          color="secondary"
          onClick={() => void proevAlle()}
          disabled={arbejder !== null || !data || data.totalCount === 0}
          title={medGenvej('Prøv alle igen', TAST.proevAlle)}
        >
          {arbejder === 'alle' ? 'Overfører …' : 'Prøv alle igen'}
        </Button>
      </div>
      <div className="fak-delt">
        <div className="fak-liste">
          {tom ? (
            <p className="fak-tom-liste" data-testid="fak-tom">
              Ingen fejlede overførsler.
            </p>
          ) : (
            <DataTable<FakturaRaekke>
              {...tabel}
              ariaLabel="Fejlede overførsler"
              columns={columns}
              rows={data?.items ?? TOM}
              totalCount={data?.totalCount}
              getRowId={(r) => String(r.id)}
              filterPlaceholder="Søg på virksomhed eller CVR"
              {...tabelHentning(q, listeFejlbesked)}
              onCursorChange={setCursor}
              onOpen={aabn}
            />
          )}
          {data && !tom && (
            <p className="fak-sum">
              {antalMed(data.totalCount, 'fejlet faktura', 'fejlede fakturaer')} ·{' '}
              <strong>{formatOere(data.sumOere)}</strong>
            </p>
          )}
        </div>
        <div className="fak-panel" ref={panelRef}>
          {cursor ? (
            <section className="fak-detalje" aria-label={`Fejlet overførsel til ${cursor.virksomhedsnavn}`}>
              <h3>{cursor.virksomhedsnavn}</h3>
              <p className="form-alert" data-testid="fejl-aarsag">
                {cursor.fejl ?? 'Ukendt årsag'}
              </p>
              <p className="muted small">
                {formatTal(cursor.forsoeg)} forsøg · {formatOere(cursor.totalOere)} · afregningsår{' '}
                {cursor.aar}
                {cursor.godkendt && ` · godkendt ${formatDatoTidKort(cursor.godkendt)}`}
              </p>
              <BetalerForm key={cursor.id} fakturaId={cursor.id} gemRef={gemRef} />
            </section>
          ) : (
            <p className="muted fak-tom">Vælg en faktura i listen for at rette betalerdata.</p>
          )}
        </div>
      </div>
    </div>
  );
}

const tomTilNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const formSchema = z.object({
  betalerTypeKode: betalerInputSchema.shape.betalerTypeKode,
  betalingsReference: z.preprocess(tomTilNull, betalerInputSchema.shape.betalingsReference),
  cvrNr: z.preprocess(tomTilNull, betalerInputSchema.shape.cvrNr),
  virksomhedVersion: betalerInputSchema.shape.virksomhedVersion,
});

type BetalerVaerdier = {
  betalerTypeKode: string;
  betalingsReference: string;
  cvrNr: string;
  virksomhedVersion: number;
};

const vaerdierAf = (b: Betaler): BetalerVaerdier => ({
  betalerTypeKode: b.betalerTypeKode ?? '',
  betalingsReference: b.betalingsReference ?? '',
  cvrNr: b.cvrNr ?? '',
  virksomhedVersion: b.virksomhedVersion,
});

/** The payer data of the failed invoice's company (hentBetaler / gemBetaler, versioned). */
function BetalerForm({
  fakturaId,
  gemRef,
}: {
  fakturaId: number;
  gemRef: MutableRefObject<(() => Promise<void>) | null>;
}) {
  const client = useQueryClient();
  const tile = useTile();
  const b = useBetaler(fakturaId);
  const vf = useVersionedForm<BetalerVaerdier, Betaler>({
    identitet: `betaler:${fakturaId}`,
    schema: formSchema,
    record: b.data,
    version: b.data?.virksomhedVersion,
    vaerdierAf,
    kanRette: b.data !== undefined,
    gem: (data) => gemBetalerKald(fakturaId, data as unknown as BetalerInput),
    fejl: saveFailure,
    vagt: tile.setDirty,
    onGemt: async (saved) => {
      client.setQueryData(fakturaKeys.betaler(fakturaId), saved);
      await foraeldet(client);
      toast.success(`Betalerdata for ${saved.virksomhedsnavn} er gemt. Prøv overførslen igen.`);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: fakturaKeys.betaler(fakturaId) });
      return client.getQueryData<Betaler>(fakturaKeys.betaler(fakturaId));
    },
  });
  gemRef.current = vf.gem;
  const { form, busy } = vf;
  if (b.isError)
    return (
      <p className="form-alert" role="alert">
        Betalerdata kunne ikke hentes: {fejlTekst(b.error, { udenSvar: true })}
      </p>
    );
  if (!b.data) return <p className="muted">Henter betalerdata …</p>;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };
  return (
    <form ref={form.ref} className="fak-betaler" onSubmit={onSubmit} noValidate aria-label="Betalerdata">
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <BetalertypeSelect
          value={form.values.betalerTypeKode}
          error={form.errors.betalerTypeKode}
          onChange={(v) => form.set('betalerTypeKode', v)}
        />
        <TextInput
          name="betalingsReference"
          label="Betalingsreference (EAN, CPR …)"
          value={form.values.betalingsReference}
          error={form.errors.betalingsReference}
          onChange={(v) => form.set('betalingsReference', v)}
          maxLength={60}
        />
        <TextInput
          name="cvrNr"
          label="CVR-nummer"
          value={form.values.cvrNr}
          error={form.errors.cvrNr}
          onChange={(v) => form.set('cvrNr', v)}
          inputMode="numeric"
          maxLength={8}
        />
      </div>
      <div className="rt-actions">
        <GemKnap busy={busy === 'gem'} label="Gem betalerdata" genvej={TAST.gem} />
        {form.dirty && <span className="muted small">Ikke gemte ændringer</span>}
      </div>
    </form>
  );
}

function BetalertypeSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange(v: string): void;
}) {
  const id = useId();
  return (
    <Field name="betalerTypeKode" label="Betalertype" required error={error} id={id}>
      <select
        id={id}
        name="betalerTypeKode"
        className={`input form-input${error ? ' invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...controlAria(id, { required: true, error })}
      >
        <option value="">Vælg betalertype</option>
        {BETALER_TYPER.map((t) => (
          <option key={t} value={t}>
            {BETALER_TYPE_TEKST[t]}
          </option>
        ))}
      </select>
    </Field>
  );
}

const TOM: FakturaRaekke[] = [];
