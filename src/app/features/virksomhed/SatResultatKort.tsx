import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Save } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { feltTom } from '../../../contract/felter';
import { type AnyRecord, recordOpretSchema } from '../../../contract/record-kind';
import {
  AFFALDSFRAKTIONER,
  fraktionFelt,
  SAT_KATEGORI_TEKST,
  SAT_RESULTAT_TYPE_STI,
} from '../../../contract/sat';
import { SAT_RESULTAT } from '../../../contract/sat-registreringer';
import type { Virksomhed } from '../../../contract/virksomhed';
import { recordApi, saveFailure } from '../../records/api';
import type { FeltKontekst } from '../../records/FeltInput';
import { FormFelter } from '../../records/FormFelter';
import { panelerForaeldet } from '../../records/SidePanels';
import { useDelteVagter } from '../../records/vagt';
import { useLookup } from '../../session/lookups';
import { useShellSession } from '../../session/session-context';
import { Button, SpinnerButton } from '../../ui/Button';
import { formatDanskDato, useVersionedForm } from '../../ui/form';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { toast } from '../../ui/toast';
import './sat-resultat.css';

/**
 * An ordinary company's (or farm's) SAT result on its tilsyn tab (spec 001 §3: a result can also be
 * made for an ordinary company): a compact card with category, type, performed date, transfer state
 * and the number of waste fractions, and the result's form (the generic record fields) to create or
 * change it. Shown only to holders of SAGSBEHANDLER_AFFALD; the SAT programme's own result form
 * (features/affaldstilsyn) is not reachable from here, as features do not import each other.
 */

const SAT_RET = 'SAGSBEHANDLER_AFFALD';
/** The {type} segment of an ordinary company or farm on the SAT result's paths. */
const TYPE = 'virksomhed';
/** Set only by the transfer to the SAT system: shown in the card, not in the form. */
const IKKE_I_FORMEN = new Set(['overfoertTilMiljoestyrelsenDato', 'oprettetMiljoestyrelsenDato']);
/** A farm's result may only have these categories: the form starts on the first. */
const LANDBRUG = 2;
const kind = SAT_RESULTAT;

export const satResultatKey = (virksomhedId: number) => ['virksomhed', virksomhedId, 'satresultat'] as const;

/** The company's SAT result (GET satresultat/virksomhed/list/{id}: none or one). */
function useSatResultat(virksomhedId: number, enabled: boolean) {
  return useQuery({
    queryKey: satResultatKey(virksomhedId),
    queryFn: ({ signal }) => recordApi.liste(SAT_RESULTAT, virksomhedId, signal, TYPE),
    staleTime: 30_000,
    enabled,
  });
}

/** The card, or nothing without the SAT right. */
export function SatResultatKort({ v }: { v: Virksomhed }) {
  const session = useShellSession();
  if (!session.ressourcer.has(SAT_RET)) return null;
  return <Kort v={v} />;
}

function Kort({ v }: { v: Virksomhed }) {
  const q = useSatResultat(v.id, true);
  const typer = useLookup(SAT_RESULTAT_TYPE_STI);
  const [aaben, setAaben] = useState(false);
  const resultat = q.data?.[0];
  const str = (felt: string) =>
    resultat && typeof resultat[felt] === 'string' ? (resultat[felt] as string) : null;
  const kategori = str('satTilsynsresultatKategori');
  const typeNavn = typer.data?.find((t) => t.id === resultat?.satTilsynsresultatTypeId)?.navn;
  const overfoert = str('overfoertTilMiljoestyrelsenDato');
  const fraktioner = resultat
    ? AFFALDSFRAKTIONER.filter((f) => resultat[fraktionFelt(f)] === true).length
    : 0;
  return (
    <section className="satk" aria-label="Affaldstilsyn (SAT)">
      <div className="satk-head">
        <h3>Affaldstilsyn (SAT)</h3>
        {q.isSuccess && !aaben && (
          <Button size="small" color="secondary" onClick={() => setAaben(true)}>
            {resultat ? <Pencil size={13} aria-hidden="true" /> : <Plus size={13} aria-hidden="true" />}
            {resultat ? 'Ret SAT-resultat' : 'Opret SAT-resultat'}
          </Button>
        )}
      </div>
      {q.isLoading && <p className="muted small">Henter SAT-resultat …</p>}
      {q.isError && (
        <p className="form-alert" role="alert">
          SAT-resultatet kunne ikke hentes.{' '}
          <Button size="small" color="secondary" onClick={() => void q.refetch()}>
            Prøv igen
          </Button>
        </p>
      )}
      {q.isSuccess && !resultat && !aaben && (
        <p className="muted small">Virksomheden har intet SAT-resultat.</p>
      )}
      {resultat && (
        <dl className="satk-fakta" data-testid="sat-resultat">
          <div>
            <dt>Kategori</dt>
            <dd>
              {kategori ? (SAT_KATEGORI_TEKST[kategori as keyof typeof SAT_KATEGORI_TEKST] ?? kategori) : '–'}
            </dd>
          </div>
          <div>
            <dt>Resultattype</dt>
            <dd>
              {typeNavn ??
                (resultat.satTilsynsresultatTypeId ? String(resultat.satTilsynsresultatTypeId) : '–')}
            </dd>
          </div>
          <div>
            <dt>Udført</dt>
            <dd>{str('udfoertDato') ? formatDanskDato(str('udfoertDato')!) : 'Ikke udført'}</dd>
          </div>
          <div>
            <dt>Miljøstyrelsen</dt>
            <dd>{overfoert ? `Overført ${formatDanskDato(overfoert)}` : 'Ikke overført'}</dd>
          </div>
          <div>
            <dt>Fraktioner</dt>
            <dd>
              {fraktioner} af {AFFALDSFRAKTIONER.length}
            </dd>
          </div>
        </dl>
      )}
      {aaben && q.isSuccess && (
        <ResultatForm v={v} resultat={resultat} onLuk={() => setAaben(false)} key={resultat?.id ?? 'ny'} />
      )}
    </section>
  );
}

type Vaerdier = Record<string, unknown>;

function ResultatForm({
  v,
  resultat,
  onLuk,
}: {
  v: Virksomhed;
  resultat: AnyRecord | undefined;
  onLuk(): void;
}) {
  const session = useShellSession();
  const client = useQueryClient();
  const vagt = useDelteVagter()('satresultat');
  const brugerId = session.user ? Number(session.user.userId) : null;
  const schema = useMemo(() => recordOpretSchema(kind), []);
  const felter = kind.felter.filter((f) => !IKKE_I_FORMEN.has(f.navn));
  const vf = useVersionedForm<Vaerdier, AnyRecord>({
    identitet: `satresultat:${resultat?.id ?? 'ny'}@virksomhed:${v.id}`,
    ny: resultat == null,
    schema,
    record: resultat,
    version: resultat?.version,
    vaerdierAf: (r) => Object.fromEntries(kind.felter.map((f) => [f.navn, r[f.navn] ?? feltTom(f)])),
    nye: () => {
      const n: Vaerdier = Object.fromEntries(kind.felter.map((f) => [f.navn, feltTom(f)]));
      if (brugerId) n.sagsbehandlerId = brugerId;
      return {
        ...n,
        ...kind.nyeStandard,
        ...(v.type === LANDBRUG ? { satTilsynsresultatKategori: 'DelAfMiljoeTilsyn' } : {}),
      };
    },
    kanRette: true,
    gem: (data, r) =>
      r
        ? recordApi.ret(kind, r.id, { ...data, version: r.version })
        : recordApi.opret(kind, v.id, data, TYPE),
    fejl: saveFailure,
    vagt,
    onGemt: (saved) => {
      client.setQueryData<AnyRecord[]>(satResultatKey(v.id), [saved]);
      panelerForaeldet(client, ['virksomhed', v.id]);
      toast.success(`SAT-resultatet '${saved.titel}' er gemt`);
      onLuk();
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: satResultatKey(v.id) });
      return client.getQueryData<AnyRecord[]>(satResultatKey(v.id))?.[0];
    },
    onVaek: onLuk,
  });
  const { form, busy } = vf;
  const ctx = useMemo<FeltKontekst>(
    () => ({
      ejer: { id: v.id, type: v.type },
      kundeId: session.user?.customerId ?? 0,
      disabled: false,
      kendteNavne: new Map(v.sagsbehandlere.map((s) => [s.brugerId, s.navn])),
    }),
    [v, session.user?.customerId],
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };
  return (
    <form ref={form.ref} className="satk-form" onSubmit={onSubmit} noValidate aria-label="SAT-resultat">
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <FormFelter felter={felter} form={form} ctx={ctx} />
      </div>
      <div className="rt-actions">
        <SpinnerButton type="submit" loading={busy === 'gem'} loadingText="Gemmer …">
          <Save size={14} aria-hidden="true" />
          {resultat ? 'Gem SAT-resultat' : 'Opret SAT-resultat'}
        </SpinnerButton>
        <Button
          color="secondary"
          onClick={() => {
            vf.fortryd();
            onLuk();
          }}
        >
          Annullér
        </Button>
        {form.dirty && <span className="muted small">Ikke gemte ændringer</span>}
      </div>
    </form>
  );
}
