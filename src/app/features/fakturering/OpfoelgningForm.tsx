import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { z } from 'zod';
import type { OekonomiSummer } from '../../../contract/fakturering';
import { maengdeInput } from '../../../contract/felter';
import type { OpfoelgningOekonomi, Planlaegningsperiode } from '../../../contract/planlaegning';
import { medGenvej } from '../../lib/keyboard';
import { useLatest } from '../../lib/useLatest';
import { saveFailure } from '../../records/api';
import type { Vagt } from '../../records/vagt';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { MaengdeInput, TextArea, TextInput, useVersionedForm } from '../../ui/form';
import { useDetaljeForm } from '../../ui/form/DetaljeForm';
import { GemKnap } from '../../ui/form/GemKnap';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { toast } from '../../ui/toast';
import type { TileCommand } from '../../workspace/tile-api';
import {
  adminKeys,
  gemOpfoelgning,
  type OpfoelgningInput,
  opretOpfoelgning,
  sletOpfoelgning,
} from './admin-api';
import { OPFOELGNING_TAL, OPFOELGNING_TAST as TAST, type TalFelt } from './opfoelgning-felter';

/**
 * The form of one follow-up row (or a new one): its text, hours and amounts (typed as kroner, kept as
 * øre), a remark; saved with its version, deleted after a question, and filled from the figures the
 * system computes on request.
 */

type RaekkeVaerdier = { tekst: string; bemaerkning: string } & Record<TalFelt, number | null>;

/** The limits of the server's check (contract/planlaegning), said the same way. */
const GRAENSE = {
  timer: { max: 1_000_000, forStor: 'For mange timer' },
  beloeb: { max: 100_000_000_000, forStor: 'Beløbet er for stort' },
} as const;

const raekkeSchema = z.object({
  tekst: z
    .string()
    .trim()
    .min(1, { error: 'Feltet er påkrævet' })
    .max(200, { error: 'Må højst være 200 tegn' }),
  ...Object.fromEntries(
    OPFOELGNING_TAL.map((f) => [f.navn, maengdeInput(f.art, { paakraevet: true, ...GRAENSE[f.art] })]),
  ),
  bemaerkning: z.string().max(2000, { error: 'Må højst være 2000 tegn' }),
});

const raekkeVaerdier = (r: OpfoelgningOekonomi): RaekkeVaerdier => ({
  tekst: r.tekst,
  planlagteTimer: r.planlagteTimer,
  registreredeTimer: r.registreredeTimer,
  faktureredeTimer: r.faktureredeTimer,
  planlagtBeloebOere: r.planlagtBeloebOere,
  faktureretBeloebOere: r.faktureretBeloebOere,
  bemaerkning: r.bemaerkning ?? '',
});

const nyRaekke = (): RaekkeVaerdier => ({
  tekst: '',
  planlagteTimer: 0,
  registreredeTimer: 0,
  faktureredeTimer: 0,
  planlagtBeloebOere: 0,
  faktureretBeloebOere: 0,
  bemaerkning: '',
});

const raekkeInput = (v: RaekkeVaerdier): OpfoelgningInput => ({
  tekst: v.tekst.trim(),
  planlagteTimer: v.planlagteTimer ?? 0,
  registreredeTimer: v.registreredeTimer ?? 0,
  faktureredeTimer: v.faktureredeTimer ?? 0,
  planlagtBeloebOere: v.planlagtBeloebOere ?? Number.NaN,
  faktureretBeloebOere: v.faktureretBeloebOere ?? Number.NaN,
  bemaerkning: v.bemaerkning.trim() === '' ? null : v.bemaerkning.trim(),
});

export function OpfoelgningForm(p: {
  periode: Planlaegningsperiode;
  raekke: OpfoelgningOekonomi | undefined;
  tal: OekonomiSummer | undefined;
  vagt: Vagt;
  setKommandoer(c: TileCommand[]): void;
  onOprettet(r: OpfoelgningOekonomi): void;
  onLukket(): void;
}) {
  const { periode, raekke } = p;
  const client = useQueryClient();
  const key = adminKeys.opfoelgning(periode.id);
  const vf = useVersionedForm<RaekkeVaerdier, OpfoelgningOekonomi>({
    identitet: `opfoelgning:${raekke?.id ?? 'ny'}@periode:${periode.id}`,
    schema: raekkeSchema,
    record: raekke,
    version: raekke?.version,
    vaerdierAf: raekkeVaerdier,
    nye: nyRaekke,
    kanRette: true,
    gem: (v, r) =>
      r ? gemOpfoelgning(r.id, raekkeInput(v), r.version) : opretOpfoelgning(periode.id, raekkeInput(v)),
    fejl: saveFailure,
    vagt: p.vagt,
    onGemt: (saved, varNy) => {
      client.setQueryData<OpfoelgningOekonomi[]>(key, (l) =>
        l ? (varNy ? [...l, saved] : l.map((r) => (r.id === saved.id ? saved : r))) : l,
      );
      void client.invalidateQueries({ queryKey: key });
      toast.success(`Opfølgningen '${saved.tekst}' er gemt`);
      if (varNy) p.onOprettet(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: key });
      return client.getQueryData<OpfoelgningOekonomi[]>(key)?.find((r) => r.id === raekke?.id);
    },
    onVaek: p.onLukket,
  });
  const { form, busy } = vf;
  const erNy = raekke === undefined;
  const { gemRef, onSubmit } = useDetaljeForm(vf, erNy);
  const { confirm, confirmModal } = useConfirm();

  const slet = async () => {
    if (!raekke || busy) return;
    const ok = await confirm({
      title: 'Er du sikker?',
      message: `Opfølgningsrækken '${raekke.tekst}' slettes.`,
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    await vf.koer('slet', async () => {
      await sletOpfoelgning(raekke.id, raekke.version);
      vf.fortryd();
      client.setQueryData<OpfoelgningOekonomi[]>(key, (l) => l?.filter((r) => r.id !== raekke.id));
      void client.invalidateQueries({ queryKey: key });
      toast.success(`Opfølgningsrækken '${raekke.tekst}' er slettet`);
      p.onLukket();
    });
  };

  /** Fills the hours and the invoiced amount with what the system computes for the period. */
  const udfyld = () => {
    const t = p.tal;
    if (!t) return;
    form.set('planlagteTimer', t.planlagteTimerHalve / 2);
    form.set('registreredeTimer', t.registreredeTimerHalve / 2);
    form.set('faktureredeTimer', t.faktureredeTimerHalve / 2);
    form.set('faktureretBeloebOere', t.faktureretBeloebOere);
  };

  const sletRef = useLatest(slet);
  const udfyldRef = useLatest(udfyld);
  const harTal = p.tal !== undefined;
  const { setKommandoer } = p;
  useEffect(() => {
    setKommandoer([
      {
        id: 'gem-opfoelgning',
        label: 'Gem opfølgningsrækken',
        shortcut: TAST.gem,
        keywords: ['gem'],
        run: () => void gemRef.current(),
      },
      {
        id: 'udfyld-opfoelgning',
        label: 'Udfyld med systemets tal',
        shortcut: TAST.udfyld,
        keywords: ['udfyld', 'beregnet', 'timer', 'faktureret'],
        disabled: !harTal,
        run: () => udfyldRef.current(),
      },
      ...(erNy
        ? []
        : [
            {
              id: 'slet-opfoelgning',
              label: 'Slet opfølgningsrækken',
              keywords: ['slet'],
              run: () => void sletRef.current(),
            },
          ]),
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, gemRef, sletRef, udfyldRef, harTal, erNy]);

  const v = form.values;
  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={raekke ? `Opfølgning ${raekke.tekst}` : 'Ny opfølgningsrække'}
    >
      <div className="rt-form-head">
        <h2>{raekke ? raekke.tekst : 'Ny opfølgningsrække'}</h2>
      </div>
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <TextInput
          name="tekst"
          label="Tekst"
          required
          maxLength={200}
          value={v.tekst}
          error={form.errors.tekst}
          onChange={(x) => form.set('tekst', x)}
          wide
        />
        {OPFOELGNING_TAL.map(({ navn, label, art }) => (
          <MaengdeInput
            key={navn}
            art={art}
            name={navn}
            label={art === 'beloeb' ? `${label} (kr.)` : label}
            required
            value={v[navn]}
            error={form.errors[navn]}
            onChange={(x) => form.set(navn, x)}
          />
        ))}
        <TextArea
          name="bemaerkning"
          label="Bemærkning"
          maxLength={2000}
          value={v.bemaerkning}
          error={form.errors.bemaerkning}
          onChange={(x) => form.set('bemaerkning', x)}
          wide
        />
      </div>
      <div className="rt-actions">
        <GemKnap busy={busy === 'gem'} genvej={TAST.gem} />
        <Button
          color="secondary"
          disabled={!harTal}
          onClick={udfyld}
          title={medGenvej('Udfyld med systemets tal', TAST.udfyld)}
        >
          Udfyld med systemets tal
        </Button>
        {erNy ? (
          <Button
            color="secondary"
            onClick={() => {
              vf.fortryd();
              p.onLukket();
            }}
          >
            Annullér
          </Button>
        ) : (
          <SpinnerButton
            color="danger"
            loading={busy === 'slet'}
            loadingText="Sletter …"
            onClick={() => void slet()}
          >
            <Trash2 size={14} aria-hidden="true" />
            Slet
          </SpinnerButton>
        )}
        {form.dirty && <span className="muted small">Ikke gemte ændringer</span>}
      </div>
      {confirmModal}
    </form>
  );
}
