import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { formatDatoTid, formatIsoDato, formatTal } from '../../../contract/format';
import { VALIDERING_STATUS } from '../../../contract/validering';
import {
  aendredeLinjer,
  beregnFelter,
  indtagMaengdeEndpoints,
  MAALERSKIFT_FELT,
  type Maengde,
  maengdeEndpoints,
  type SenesteInfo,
} from '../../../contract/vand-data';
import { periodensUdveksling, type Udveksling, udvekslingAf } from '../../../contract/vand-regler';
import { IMPORT_EKSPORT_VANDMAENGDER } from '../../../contract/vandanlaeg-registreringer';
import { HttpError } from '../../lib/http';
import { saveFailure, useRecords } from '../../records/api';
import type { Vagt } from '../../records/vagt';
import { useLookup } from '../../session/lookups';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { Checkbox, DateInput, NumberInput, TextArea, useVersionedForm } from '../../ui/form';
import { feltProps, raekkeFelter } from '../../ui/form/felt-props';
import { IconButton } from '../../ui/IconButton';
import { toast } from '../../ui/toast';
import { useTile } from '../../workspace/tile-api';
import { efterAendring } from './vand-data-api';
import { FormKnapper, KonfliktTekst, sletEfterSpoergsmaal, talEllerTom, tekstEllerNull } from './vand-form';

/** The validation state as the tabs show it: Afventer, Godkendt or Forkastet, who and when. */
export function ValideringStatus({
  p,
}: {
  p: { status: number; besluttetAf: string | null; besluttetDato: string | null };
}) {
  const [tekst, tone] =
    p.status === VALIDERING_STATUS.GODKENDT
      ? ['Godkendt', 'ok']
      : p.status === VALIDERING_STATUS.FORKASTET
        ? ['Forkastet', 'fejl']
        : ['Afventer', 'neutral'];
  const hvem = p.status !== VALIDERING_STATUS.AFVENTER && (p.besluttetAf || p.besluttetDato);
  return (
    <span className="wd-status">
      <span className={`ramme-badge ${tone}`}>{tekst}</span>
      {hvem && (
        <span className="muted">
          {' '}
          {p.besluttetAf ?? ''} {p.besluttetDato ? formatDatoTid(p.besluttetDato) : ''}
        </span>
      )}
    </span>
  );
}

export const statusTekst = (s: number) =>
  s === VALIDERING_STATUS.GODKENDT
    ? 'Godkendt'
    : s === VALIDERING_STATUS.FORKASTET
      ? 'Forkastet'
      : 'Afventer';

export const periodeTekst = (m: { startdato: string; slutdato: string }) =>
  `${formatIsoDato(m.startdato)} – ${formatIsoDato(m.slutdato)}`;

interface LinjeV {
  key: string;
  id?: number;
  jupiterForsyningsartId: number | null;
  maengde: number | null;
  modtagerAntal: number | null;
}

type V = {
  startdato: string | null;
  slutdato: string | null;
  maalerstandStart: number | null;
  maalerstandSlut: number | null;
  omregningsfaktor: number | null;
  vandmaengdeOppumpet: number | null;
  vandvaerketsEgetForbrug: number | null;
  vandvaerketsEgetForbrugBemaerkning: string;
  filterskylning: number | null;
  grundvand: boolean;
  overfladevand: boolean;
  kontrolleret: boolean;
  kontrolleretTekst: string;
  maalerskift: boolean;
  bemaerkning: string;
  linjer: LinjeV[];
};

const PAAKRAEVET = 'Feltet er påkrævet';
const formSchema = z
  .object({
    startdato: z.string({ error: PAAKRAEVET }),
    slutdato: z.string({ error: PAAKRAEVET }),
    maalerstandStart: talEllerTom,
    maalerstandSlut: talEllerTom,
    omregningsfaktor: talEllerTom,
    vandmaengdeOppumpet: talEllerTom,
    vandvaerketsEgetForbrug: talEllerTom,
    filterskylning: talEllerTom,
    linjer: z.array(
      z
        .object({
          jupiterForsyningsartId: z.number({ error: 'Vælg forsyningsart' }),
          maengde: z.number({ error: PAAKRAEVET }).refine(Number.isFinite, 'Skal være et tal'),
          modtagerAntal: talEllerTom,
        })
        .loose(),
    ),
  })
  .loose()
  .refine((v) => v.slutdato >= v.startdato, {
    path: ['slutdato'],
    error: 'Slutdato skal ligge efter startdato',
  });

let naesteNoegle = 0;
const noegle = () => `l${++naesteNoegle}`;

function vaerdierAf(m: Maengde): V {
  return {
    startdato: m.startdato,
    slutdato: m.slutdato,
    maalerstandStart: m.maalerstandStart,
    maalerstandSlut: m.maalerstandSlut,
    omregningsfaktor: m.omregningsfaktor,
    vandmaengdeOppumpet: m.maalerstandStart === null || m.maalerskift ? m.vandmaengdeOppumpet : null,
    vandvaerketsEgetForbrug: m.vandvaerketsEgetForbrug,
    vandvaerketsEgetForbrugBemaerkning: m.vandvaerketsEgetForbrugBemaerkning ?? '',
    filterskylning: m.filterskylning,
    grundvand: m.grundvand,
    overfladevand: m.overfladevand,
    kontrolleret: m.kontrolleret ?? false,
    kontrolleretTekst: m.kontrolleretTekst ?? '',
    maalerskift: m.maalerskift,
    bemaerkning: m.bemaerkning ?? '',
    linjer: m.forsyning.map((l) => ({
      key: `id${l.id}`,
      id: l.id,
      jupiterForsyningsartId: l.jupiterForsyningsartId,
      maengde: l.maengde,
      modtagerAntal: l.modtagerAntal,
    })),
  };
}

/** A new period: the previous period's end reading, factor, next dates and supply types prefilled. */
function nyeVaerdier(s: SenesteInfo): V {
  return {
    startdato: s?.naesteStartdato ?? null,
    slutdato: s?.naesteSlutdato ?? null,
    maalerstandStart: s?.maalerstandSlut ?? null,
    maalerstandSlut: null,
    omregningsfaktor: s?.omregningsfaktor ?? 1,
    vandmaengdeOppumpet: null,
    vandvaerketsEgetForbrug: null,
    vandvaerketsEgetForbrugBemaerkning: '',
    filterskylning: null,
    grundvand: true,
    overfladevand: false,
    kontrolleret: false,
    kontrolleretTekst: '',
    maalerskift: false,
    bemaerkning: '',
    linjer: (s?.forsyningsarter ?? []).map((a) => ({
      key: noegle(),
      jupiterForsyningsartId: a,
      maengde: null,
      modtagerAntal: null,
    })),
  };
}

const ISO_DATO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The form of one pumped quantity (plant level when indtagId is null): period, meter readings and
 * factor, the computed quantity, delivered quantity and line loss shown while typing (the contract's
 * formula, the one the server answers; at plant level with the plant's imports and exports in the
 * period), supply lines edited in place, and the meter-replacement question when the start reading
 * is below the previous end.
 */
export function MaengdeForm({
  anlaegId,
  indtagId,
  maengde,
  seneste,
  kanRette,
  onGemt,
  onSlettet,
  vagt,
}: {
  anlaegId: number;
  indtagId: number | null;
  maengde: Maengde | null;
  seneste: SenesteInfo;
  kanRette: boolean;
  onGemt(m: Maengde): void;
  onSlettet(): void;
  /** The unsaved-changes guard when the tile has other forms too; default the tile's. */
  vagt?: Vagt;
}) {
  const client = useQueryClient();
  const tile = useTile();
  const arter = useLookup('MWVandanlaegLookUp/list/jupiterforsyningsart');
  // The plant's imports and exports (the records listed under the form), counted in the period.
  const udvekslingQ = useRecords(IMPORT_EKSPORT_VANDMAENGDER, anlaegId, indtagId === null);
  const udvekslinger = useMemo(
    () => (udvekslingQ.data ?? []).map(udvekslingAf).filter((u): u is Udveksling => u !== null),
    [udvekslingQ.data],
  );
  const { confirm, confirmModal } = useConfirm();
  const [gemIgen, setGemIgen] = useState(false);
  const spoerg = useRef<string | null>(null);

  const vf = useVersionedForm<V, Maengde>({
    identitet: `maengde:${maengde?.id ?? 'ny'}@${indtagId ?? 'anlaeg'}:${anlaegId}`,
    ny: maengde == null,
    schema: formSchema,
    record: maengde ?? undefined,
    version: maengde?.version,
    vaerdierAf,
    nye: () => nyeVaerdier(seneste),
    kanRette,
    vagt: vagt ?? tile.setDirty,
    gem: (v, m) => {
      const body = {
        virksomhedId: anlaegId,
        startdato: v.startdato ?? '',
        slutdato: v.slutdato ?? '',
        grundvand: v.grundvand,
        overfladevand: v.overfladevand,
        maalerstandStart: v.maalerstandStart,
        maalerstandSlut: v.maalerstandSlut,
        omregningsfaktor: v.omregningsfaktor ?? 1,
        vandmaengdeOppumpet: v.vandmaengdeOppumpet,
        vandvaerketsEgetForbrug: v.vandvaerketsEgetForbrug,
        vandvaerketsEgetForbrugBemaerkning: tekstEllerNull(v.vandvaerketsEgetForbrugBemaerkning),
        filterskylning: v.filterskylning,
        kontrolleret: v.kontrolleret,
        kontrolleretTekst: tekstEllerNull(v.kontrolleretTekst),
        maalerskift: v.maalerskift,
        bemaerkning: tekstEllerNull(v.bemaerkning),
        forsyning: aendredeLinjer(m?.forsyning ?? [], v.linjer),
      };
      if (indtagId === null)
        return m
          ? http.call(maengdeEndpoints.ret, {
              params: { id: m.id },
              body: { ...body, version: m.version },
              silent: true,
            })
          : http.call(maengdeEndpoints.opret, { body, silent: true });
      return m
        ? http.call(indtagMaengdeEndpoints.ret, {
            params: { id: m.id },
            body: { ...body, indtagId, version: m.version },
            silent: true,
          })
        : http.call(indtagMaengdeEndpoints.opret, { body: { ...body, indtagId }, silent: true });
    },
    fejl: (err) => {
      // The server asks whether the meter was replaced: the question, not a field error.
      if (err instanceof HttpError && err.failure.status === 400) {
        const e = (err.failure.body as { errors?: Record<string, string[]> } | undefined)?.errors;
        const besked = e?.[MAALERSKIFT_FELT]?.[0];
        if (besked && Object.keys(e ?? {}).length === 1) {
          spoerg.current = besked;
          return { kind: 'andet' };
        }
      }
      return saveFailure(err);
    },
    onGemt: (m) => {
      efterAendring(client, anlaegId);
      // Every saved period (new or changed) awaits validation again.
      toast.success(`Perioden ${periodeTekst(m)} er gemt og afventer validering`);
      onGemt(m);
    },
  });
  const { form } = vf;
  const v = form.values;

  const gem = async (e?: FormEvent) => {
    e?.preventDefault();
    spoerg.current = null;
    await vf.gem();
    const besked = spoerg.current as string | null;
    if (besked) {
      spoerg.current = null;
      const ja = await confirm({
        title: 'Er måleren skiftet?',
        message: besked,
        confirmLabel: 'Ja, måleren er skiftet',
        cancelLabel: 'Nej, ret målerstanden',
      });
      if (ja) {
        form.set('maalerskift', true);
        setGemIgen(true);
      } else form.setErrors({ maalerstandStart: besked });
    }
  };
  // Saves again once the form holds maalerskift (after the render that set it).
  useEffect(() => {
    if (gemIgen && v.maalerskift) {
      setGemIgen(false);
      void vf.gem();
    }
  }, [gemIgen, v.maalerskift, vf]);

  const beregnet = useMemo(
    () =>
      beregnFelter({
        ...(indtagId === null &&
        v.startdato &&
        v.slutdato &&
        ISO_DATO.test(v.startdato) &&
        ISO_DATO.test(v.slutdato)
          ? periodensUdveksling(udvekslinger, { start: v.startdato, slut: v.slutdato })
          : {}),
        maalerstandStart: Number.isFinite(v.maalerstandStart) ? v.maalerstandStart : null,
        maalerstandSlut: Number.isFinite(v.maalerstandSlut) ? v.maalerstandSlut : null,
        omregningsfaktor: v.omregningsfaktor,
        vandmaengdeOppumpet: v.vandmaengdeOppumpet,
        vandvaerketsEgetForbrug: v.vandvaerketsEgetForbrug,
        filterskylning: v.filterskylning,
        maalerskift: v.maalerskift,
        forsyning: v.linjer.map((l) => ({ maengde: Number.isFinite(l.maengde) ? l.maengde : null })),
      }),
    [v, indtagId, udvekslinger],
  );

  const linjer = raekkeFelter(form, 'linjer', !kanRette);
  const tilfoejLinje = () => {
    form.set('linjer', [
      ...v.linjer,
      { key: noegle(), jupiterForsyningsartId: null, maengde: null, modtagerAntal: null },
    ]);
    // The new line's first field takes the keyboard.
    requestAnimationFrame(() =>
      form.ref.current
        ?.querySelector<HTMLSelectElement>(`[name="linjer.${v.linjer.length}.jupiterForsyningsartId"]`)
        ?.focus(),
    );
  };
  const slet = async () => {
    if (!maengde) return;
    const ep = indtagId === null ? maengdeEndpoints.slet : indtagMaengdeEndpoints.slet;
    await sletEfterSpoergsmaal({
      confirm,
      vf,
      client,
      anlaegId,
      besked: `Perioden ${periodeTekst(maengde)} slettes.`,
      kald: () =>
        http.call(ep, { params: { id: maengde.id }, query: { version: maengde.version }, silent: true }),
      slettet: `Perioden ${periodeTekst(maengde)} er slettet`,
      onSlettet,
    });
  };

  const kendte = new Set([
    'startdato',
    'slutdato',
    'maalerstandStart',
    'maalerstandSlut',
    'omregningsfaktor',
    'vandmaengdeOppumpet',
    'vandvaerketsEgetForbrug',
    'filterskylning',
    'bemaerkning',
  ]);
  const oevrige = Object.entries(form.errors).filter(([k]) => !kendte.has(k) && !k.startsWith('linjer.'));
  const laast = !kanRette;
  const felt = feltProps(form, laast);
  const enhed = 'm³';

  return (
    <form
      ref={form.ref}
      onSubmit={(e) => void gem(e)}
      noValidate
      className="form-grid wd-form"
      aria-label="Oppumpet vandmængde"
    >
      <KonfliktTekst vf={vf} />
      {oevrige.length > 0 && (
        <ul className="form-alert wide" role="alert">
          {oevrige.map(([k, m]) => (
            <li key={k}>{m}</li>
          ))}
        </ul>
      )}
      {maengde && (
        <p className="wide wd-state">
          Validering: <ValideringStatus p={maengde} /> · indberettet {formatDatoTid(maengde.indberettetDato)}
          {maengde.indberetter ? ` af ${maengde.indberetter}` : ''}
        </p>
      )}
      <DateInput {...felt('startdato')} label="Startdato" required />
      <DateInput {...felt('slutdato')} label="Slutdato" required />
      <NumberInput
        {...felt('maalerstandStart')}
        label="Målerstand start"
        hint={
          seneste && !maengde && seneste.maalerstandSlut !== null
            ? `Forrige periodes slutstand: ${formatTal(seneste.maalerstandSlut)}`
            : undefined
        }
      />
      <NumberInput {...felt('maalerstandSlut')} label="Målerstand slut" />
      <NumberInput {...felt('omregningsfaktor')} label="Omregningsfaktor" step={0.1} />
      <Checkbox {...felt.afkryds('maalerskift')} label="Måleren er skiftet i perioden" />
      <NumberInput
        {...felt('vandmaengdeOppumpet')}
        label="Oppumpet vandmængde (uden målerstande eller ved målerskift)"
        unit={enhed}
      />
      {indtagId === null && (
        <>
          <NumberInput {...felt('vandvaerketsEgetForbrug')} label="Vandværkets eget forbrug" unit={enhed} />
          <NumberInput {...felt('filterskylning')} label="Filterskylning" unit={enhed} />
        </>
      )}
      <div className="wide wd-beregnet" aria-live="polite">
        <span>
          Oppumpet:{' '}
          <strong>
            {beregnet.vandmaengdeOppumpet === null
              ? '–'
              : `${formatTal(beregnet.vandmaengdeOppumpet)} ${enhed}`}
          </strong>
        </span>
        {indtagId === null && (
          <>
            {(beregnet.importeret !== 0 || beregnet.eksporteret !== 0) && (
              <span title="Anlæggets import og eksport nedenfor, talt med for de dage, de deler med perioden">
                Importeret:{' '}
                <strong>
                  {formatTal(beregnet.importeret)} {enhed}
                </strong>{' '}
                · Eksporteret:{' '}
                <strong>
                  {formatTal(beregnet.eksporteret)} {enhed}
                </strong>
              </span>
            )}
            <span>
              Samlet leveret:{' '}
              <strong>
                {formatTal(beregnet.samletLeveretVandmaengde)} {enhed}
              </strong>
            </span>
            <span>
              Ledningstab:{' '}
              <strong>
                {beregnet.ledningstab === null ? '–' : `${formatTal(beregnet.ledningstab)} ${enhed}`}
                {beregnet.ledningstabProcent !== null ? ` (${formatTal(beregnet.ledningstabProcent)} %)` : ''}
              </strong>
            </span>
          </>
        )}
      </div>
      {indtagId === null && (
        <fieldset className="wide wd-linjer">
          <legend>Forsyning</legend>
          {v.linjer.length === 0 && <p className="muted">Ingen forsyningslinjer.</p>}
          {v.linjer.length > 0 && (
            <table className="wd-table">
              <thead>
                <tr>
                  <th>Forsyningsart</th>
                  <th>Mængde ({enhed})</th>
                  <th>Antal modtagere</th>
                  {!laast && <th className="actions">Fjern</th>}
                </tr>
              </thead>
              <tbody>
                {v.linjer.map((l, i) => (
                  <tr key={l.key}>
                    <td>
                      <select
                        name={`linjer.${i}.jupiterForsyningsartId`}
                        aria-label={`Forsyningsart, linje ${i + 1}`}
                        value={l.jupiterForsyningsartId ?? ''}
                        disabled={laast}
                        onChange={(e) =>
                          linjer.saet(i, {
                            jupiterForsyningsartId: e.target.value ? Number(e.target.value) : null,
                          })
                        }
                        className={
                          form.errors[`linjer.${i}.jupiterForsyningsartId`]
                            ? 'form-input is-invalid'
                            : 'form-input'
                        }
                      >
                        <option value="" />
                        {(arter.data ?? [])
                          .filter((a) => a.aktiv || a.id === l.jupiterForsyningsartId)
                          .map((a) => (
                            <option key={a.id} value={a.id}>
                              {a.navn}
                            </option>
                          ))}
                      </select>
                    </td>
                    <td>
                      <NumberInput
                        {...linjer.felt(i, 'maengde')}
                        label={<span className="sr-only-wd">Mængde, linje {i + 1}</span>}
                      />
                    </td>
                    <td>
                      <NumberInput
                        {...linjer.felt(i, 'modtagerAntal')}
                        label={<span className="sr-only-wd">Antal modtagere, linje {i + 1}</span>}
                      />
                    </td>
                    {!laast && (
                      <td className="actions">
                        <IconButton
                          icon={Trash2}
                          label={`Fjern linje ${i + 1}`}
                          title="Fjern linjen"
                          onClick={() => linjer.fjern(i)}
                        />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {!laast && (
            <Button size="small" color="secondary" onClick={tilfoejLinje}>
              <Plus size={13} aria-hidden="true" /> Tilføj forsyningslinje
            </Button>
          )}
        </fieldset>
      )}
      {indtagId === null && (
        <>
          <Checkbox {...felt.afkryds('kontrolleret')} label="Kontrolleret" />
          <TextArea {...felt.udenBesked('kontrolleretTekst')} label="Kontrol, bemærkning" />
        </>
      )}
      <TextArea {...felt('bemaerkning')} label="Bemærkning" wide />
      {kanRette && (
        <FormKnapper
          vf={vf}
          gemTekst="Gem"
          sletTekst="Slet"
          onSlet={maengde ? () => void slet() : undefined}
        />
      )}
      {confirmModal}
    </form>
  );
}
