import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { z } from 'zod';
import { satsPeriode } from '../../../contract/brugerbetaling-regler';
import type { Afregningsaar } from '../../../contract/fakturering';
import { maengdeInput } from '../../../contract/felter';
import { saveFailure } from '../../records/api';
import type { Vagt } from '../../records/vagt';
import { MaengdeInput, TextInput, useVersionedForm } from '../../ui/form';
import { FormKnapper, useDetaljeForm } from '../../ui/form/DetaljeForm';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { toast } from '../../ui/toast';
import type { TileCommand } from '../../workspace/tile-api';
import { adminKeys, gemSatserne } from './admin-api';
import { periodeSkrevetUd } from './admin-tal';
import { type GemmereRef, useFormensGem } from './gebyrtyper-gem';

/**
 * The rates of a calendar year: the ministry's hourly rate for work done in the year (issue 29; the
 * proposals of a settlement year charge each piece of work at the rate of the year it was done in).
 */
export type SatsVaerdier = {
  /** The calendar year as typed (a new year's only; a saved year's is fixed). */
  aar: string;
  /** Øre, typed as kroner (a money field). */
  timesatsOere: number | null;
  /** Basis points, typed as per cent with up to 2 decimals (a per-cent field). */
  fremmedAndelBp: number | null;
  husdyrGodkendelseAndelBp: number | null;
  /** Where the figures come from. */
  kilde: string;
};

const procentFelt = maengdeInput('procent', { paakraevet: true });
/** The form's schema; `optagne` are the years that have rates already (a new year must not be one). */
const satsFormSchema = (optagne: readonly number[]) =>
  z.object({
    aar: z
      .string()
      .refine((a) => /^\d{4}$/.test(a.trim()) && Number(a) >= 2000 && Number(a) <= 2100, {
        error: 'Angiv året med fire cifre mellem 2000 og 2100',
      })
      .refine((a) => !optagne.includes(Number(a)), { error: 'Året har allerede satser: vælg det i listen' }),
    timesatsOere: maengdeInput('beloeb', {
      paakraevet: true,
      max: 10_000_000,
      forStor: 'Timesatsen er for stor',
    }),
    fremmedAndelBp: procentFelt,
    husdyrGodkendelseAndelBp: procentFelt,
    kilde: z.string().max(500, { error: 'Kilden må højst være 500 tegn' }),
  });

export const satsVaerdier = (
  a: Pick<Afregningsaar, 'aar' | 'timesatsOere' | 'fremmedAndelBp' | 'husdyrGodkendelseAndelBp' | 'kilde'>,
): SatsVaerdier => ({
  aar: String(a.aar),
  timesatsOere: a.timesatsOere,
  fremmedAndelBp: a.fremmedAndelBp,
  husdyrGodkendelseAndelBp: a.husdyrGodkendelseAndelBp,
  kilde: a.kilde ?? '',
});

const GEM_NOEGLEORD = ['gem', 'satser', 'timesats'];

export const TOMME_SATSER: SatsVaerdier = {
  aar: '',
  timesatsOere: null,
  fremmedAndelBp: null,
  husdyrGodkendelseAndelBp: null,
  kilde: '',
};

export function SatsForm(p: {
  aar: number;
  fra: string;
  til: string;
  gemt: Afregningsaar | undefined;
  start: SatsVaerdier | undefined;
  /** The years with rates, which a new year must not be (empty for a saved year). */
  optagne: readonly number[];
  vagt: Vagt;
  setKommandoer(c: TileCommand[]): void;
  gemmere: GemmereRef;
  onGemt(a: Afregningsaar): void;
  onAnnuller(): void;
}) {
  const client = useQueryClient();
  const { gemt, optagne } = p;
  const schema = useMemo(() => satsFormSchema(optagne), [optagne]);
  /** The year saved: a saved year's, or the year typed into a new year's form. */
  const aarRef = useRef(p.aar);
  const vf = useVersionedForm<SatsVaerdier, Afregningsaar>({
    identitet: `satser:${p.aar}:${gemt ? 'gemt' : 'ny'}`,
    schema,
    record: gemt,
    version: gemt?.version,
    vaerdierAf: satsVaerdier,
    nye: () => p.start ?? TOMME_SATSER,
    kanRette: true,
    gem: (v, a) =>
      gemSatserne(gemt ? gemt.aar : Number(v.aar.trim()), {
        timesatsOere: v.timesatsOere ?? Number.NaN,
        fremmedAndelBp: v.fremmedAndelBp ?? Number.NaN,
        husdyrGodkendelseAndelBp: v.husdyrGodkendelseAndelBp ?? Number.NaN,
        kilde: v.kilde.trim() || null,
        ...(a ? { version: a.version } : {}),
      }),
    fejl: saveFailure,
    vagt: p.vagt,
    onGemt: (saved) => {
      client.setQueryData<Afregningsaar[]>(adminKeys.satser, (l) =>
        l ? [...l.filter((a) => a.aar !== saved.aar), saved].sort((a, b) => b.aar - a.aar) : l,
      );
      void client.invalidateQueries({ queryKey: adminKeys.satser });
      toast.success(`Satserne for ${saved.aar} er gemt`);
      p.onGemt(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.satser });
      return client.getQueryData<Afregningsaar[]>(adminKeys.satser)?.find((a) => a.aar === aarRef.current);
    },
  });
  const { form } = vf;
  const erNy = gemt === undefined;
  const { gemRef, onSubmit } = useDetaljeForm(vf, erNy);
  const v = form.values;
  const typetAar = /^\d{4}$/.test(v.aar.trim()) ? Number(v.aar) : null;
  const aar = gemt ? gemt.aar : typetAar;
  aarRef.current = aar ?? p.aar;
  const periode = gemt ? { fra: p.fra, til: p.til } : typetAar !== null ? satsPeriode(typetAar) : null;

  useFormensGem({
    hvilken: 'satser',
    gemmere: p.gemmere,
    gemRef,
    setKommandoer: p.setKommandoer,
    kommando: {
      id: 'gem-satser',
      label: aar === null ? 'Gem satserne for det nye år' : `Gem satserne for ${aar}`,
      keywords: GEM_NOEGLEORD,
    },
  });

  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={erNy ? 'Satser for et nyt år' : `Satser for ${aar}`}
      data-form="satser"
    >
      <div className="rt-form-head">
        <h2>{erNy ? 'Satser for et nyt år' : `Satser for ${aar}`}</h2>
        <span className="muted small" data-testid="satser-periode">
          {periode ? periodeSkrevetUd(periode.fra, periode.til) : ''}
        </span>
      </div>
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        {erNy ? (
          <TextInput
            name="aar"
            label="År"
            required
            inputMode="numeric"
            placeholder="ÅÅÅÅ"
            value={v.aar}
            error={form.errors.aar}
            onChange={(x) => form.set('aar', x)}
            hint="Det kalenderår, arbejdet er udført i"
          />
        ) : null}
        <MaengdeInput
          art="beloeb"
          name="timesatsOere"
          label="Timesats (kr. pr. time)"
          required
          value={v.timesatsOere}
          error={form.errors.timesatsOere}
          onChange={(x) => form.set('timesatsOere', x)}
          visTolkning
          hint={`Miljøstyrelsens timetakst for arbejde udført i ${aar ?? 'året'}`}
        />
        <MaengdeInput
          art="procent"
          name="fremmedAndelBp"
          label="Andel for fremmede ydelser (%)"
          required
          value={v.fremmedAndelBp}
          error={form.errors.fremmedAndelBp}
          onChange={(x) => form.set('fremmedAndelBp', x)}
          hint="Den del af regningen ekskl. moms, der opkræves"
        />
        <MaengdeInput
          art="procent"
          name="husdyrGodkendelseAndelBp"
          label="Andel for husdyrgodkendelser (%)"
          required
          value={v.husdyrGodkendelseAndelBp}
          error={form.errors.husdyrGodkendelseAndelBp}
          onChange={(x) => form.set('husdyrGodkendelseAndelBp', x)}
          hint="Den del af hele beløbet for godkendelse af husdyrbrug, der opkræves"
        />
        <TextInput
          name="kilde"
          label="Kilde"
          value={v.kilde}
          error={form.errors.kilde}
          onChange={(x) => form.set('kilde', x)}
          hint="Hvor taksten er offentliggjort (fx Miljøstyrelsens nyhed), eller at den er en antagelse"
        />
      </div>
      <FormKnapper
        vf={vf}
        erNy={erNy}
        gemLabel={aar === null ? 'Gem satser' : `Gem satser for ${aar}`}
        onAnnuller={p.onAnnuller}
      />
    </form>
  );
}
