import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { z } from 'zod';
import { satsPeriode } from '../../../contract/brugerbetaling-regler';
import {
  type Afregningsaar,
  SATS_FELTER,
  SATS_FORM_FELTER,
  type SatsInput,
  satsInputSchema,
} from '../../../contract/fakturering';
import { laestFormSchema } from '../../../contract/record-kind';
import { saveFailure } from '../../records/api';
import type { FeltKontekst } from '../../records/FeltInput';
import { FormFelter } from '../../records/FormFelter';
import type { Vagt } from '../../records/vagt';
import { useShellSession } from '../../session/session-context';
import { TextInput, useVersionedForm } from '../../ui/form';
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

/**
 * The form's schema: the request body's checks (with the field kinds' reading in front of the money
 * and per-cent fields) and the year typed for a year without rates, which must not be one of
 * `optagne` (the years that have rates already).
 */
const satsFormSchema = (optagne: readonly number[]) =>
  (laestFormSchema(SATS_FELTER, satsInputSchema.omit({ version: true })) as z.ZodObject).extend({
    aar: z
      .string()
      .refine((a) => /^\d{4}$/.test(a.trim()) && Number(a) >= 2000 && Number(a) <= 2100, {
        error: 'Angiv året med fire cifre mellem 2000 og 2100',
      })
      .refine((a) => !optagne.includes(Number(a)), { error: 'Året har allerede satser: vælg det i listen' }),
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

const INGEN_NAVNE: ReadonlyMap<number, string> = new Map();

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
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const ctx = useMemo<FeltKontekst>(
    () => ({ ejer: { id: kundeId, type: 0 }, kundeId, disabled: false, kendteNavne: INGEN_NAVNE }),
    [kundeId],
  );
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
    // The checked values: the body's (the source trimmed, empty as none) and the year typed.
    gem: (v, a) => {
      const { aar, ...satser } = v as unknown as SatsInput & { aar: string };
      return gemSatserne(gemt ? gemt.aar : Number(aar.trim()), {
        ...satser,
        ...(a ? { version: a.version } : {}),
      });
    },
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
        <FormFelter
          felter={SATS_FELTER}
          form={form}
          ctx={ctx}
          visning={SATS_FORM_FELTER}
          hint={(navn) =>
            navn === 'timesatsOere'
              ? `Miljøstyrelsens timetakst for arbejde udført i ${aar ?? 'året'}`
              : undefined
          }
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
