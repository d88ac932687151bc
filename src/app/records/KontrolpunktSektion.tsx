import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ListPlus, MinusCircle, Save } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  gemTilsynKontrolpunkter,
  hentKontrolpunktEmner,
  hentKontrolpunktSkabeloner,
  hentTilsynKontrolpunkter,
  KONTROLPUNKT_RESULTATER,
  type TilsynKontrolpunkt,
} from '../../contract/dokumenter';
import { HttpError } from '../lib/http';
import { fejlTekst, serverTekst } from '../lib/http-fejl';
import { medGenvej } from '../lib/keyboard';
import { useLatest } from '../lib/useLatest';
import { http } from '../session/runtime';
import { Button, SpinnerButton } from '../ui/Button';
import { ConflictAlert } from '../ui/form/ConflictAlert';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast';
import type { RecordSektionProps } from './BrevSektioner';
import { SkabelonHentning } from './SkabelonHentning';
import './KontrolpunktSektion.css';

type Resultat = TilsynKontrolpunkt['resultat'];
type Svar = { resultat: Resultat; bemaerkning: string };

export const KONTROLPUNKT_TAST = { tilfoej: 'alt+shift+k', gem: 'alt+shift+g' } as const;

/** The query key of an inspection's control points, under its owner. */
export const kontrolpunktKey = (p: Pick<RecordSektionProps, 'kind' | 'ejer' | 'record'>) =>
  [p.kind.owner.segment, p.ejer.id, 'kontrolpunkter', p.record.id] as const;

/** Virksomhedstype of the owner as the control-point templates name it (1 company, 2 farm, 3 plant). */
const skabelonType = (p: Pick<RecordSektionProps, 'kind' | 'ejer'>) =>
  p.kind.owner.segment === 'vandanlaeg' ? 3 : p.ejer.type;

const RESULTAT_IKON = { OK: CheckCircle2, Afvigelse: AlertTriangle, IkkeRelevant: MinusCircle } as const;

const svarAf = (k: TilsynKontrolpunkt): Svar => ({ resultat: k.resultat, bemaerkning: k.bemaerkning ?? '' });
const sammeSvar = (a: Svar, b: Svar) =>
  a.resultat === b.resultat && a.bemaerkning.trim() === b.bemaerkning.trim();

/**
 * An inspection's control points (spec 001: Kontrolpunkt/templatedata), shown under the inspection's
 * form: the points grouped by subject, each with its result (I orden / Afvigelse / Ikke relevant) and
 * remark; 'Tilføj kontrolpunkter fra skabelon' adds a template's points (unanswered). The answers are
 * saved together, each with the version it was read with: someone else's newer answer is a conflict
 * shown above the list (the user's input stays). Unsaved answers hold the tile's unsaved-changes guard.
 */
export function KontrolpunktSektion(p: RecordSektionProps) {
  const { record, kundeId, ejer } = p;
  const client = useQueryClient();
  const key = kontrolpunktKey(p);
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      http.call(hentTilsynKontrolpunkter, { params: { kundeId, tilsynId: record.id }, signal }),
    staleTime: 30_000,
  });
  const punkter = q.data ?? [];
  const [aendringer, setAendringer] = useState<ReadonlyMap<number, Svar>>(new Map());
  const [konflikt, setKonflikt] = useState<string | null>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const [gemmer, setGemmer] = useState(false);
  const [vaelgSkabelon, setVaelgSkabelon] = useState(false);
  const kanRette = ejer.kanRette;

  const svar = (k: TilsynKontrolpunkt) => aendringer.get(k.kontrolpunktId) ?? svarAf(k);
  const aendrede = punkter.filter((k) => {
    const a = aendringer.get(k.kontrolpunktId);
    return a !== undefined && !sammeSvar(a, svarAf(k));
  });
  const dirty = kanRette && aendrede.length > 0;

  // The unsaved-changes guard: 'Gå videre uden at gemme' drops the answers typed.
  const { vagt } = p;
  useEffect(() => {
    vagt(dirty, () => setAendringer(new Map()));
  }, [vagt, dirty]);
  useEffect(() => () => vagt(false), [vagt]);

  const saet = (k: TilsynKontrolpunkt, ny: Partial<Svar>) =>
    setAendringer((m) =>
      new Map(m).set(k.kontrolpunktId, { ...svar(k), ...(m.get(k.kontrolpunktId) ?? {}), ...ny }),
    );

  const send = async (
    body: {
      kontrolpunktId: number;
      resultat: Resultat;
      bemaerkning: string | null;
      version: number | null;
    }[],
    besked: string,
  ) => {
    if (gemmer) return false;
    setGemmer(true);
    setFejl(null);
    try {
      const svarListe = await http.call(gemTilsynKontrolpunkter, {
        params: { tilsynId: record.id },
        body: { punkter: body },
        silent: true,
      });
      client.setQueryData(key, svarListe);
      setKonflikt(null);
      toast.success(besked);
      return true;
    } catch (err) {
      const status = err instanceof HttpError ? err.failure.status : 0;
      if (status === 409)
        setKonflikt(serverTekst(err, ['message', 'title']) ?? 'Kontrolpunkterne er ændret af en anden');
      else setFejl(fejlTekst(err));
      return false;
    } finally {
      setGemmer(false);
    }
  };

  const gem = async () => {
    if (!kanRette || aendrede.length === 0) return;
    const ok = await send(
      aendrede.map((k) => {
        const a = svar(k);
        return {
          kontrolpunktId: k.kontrolpunktId,
          resultat: a.resultat,
          bemaerkning: a.bemaerkning.trim() === '' ? null : a.bemaerkning.trim(),
          version: k.version,
        };
      }),
      `Kontrolpunkterne på '${String(record.titel)}' er gemt`,
    );
    if (ok) setAendringer(new Map());
  };

  const genindlaes = async () => {
    setAendringer(new Map());
    await client.invalidateQueries({ queryKey: key });
    setKonflikt(null);
  };

  const tilfoej = async (punktIder: number[], navn: string) => {
    const findes = new Set(punkter.map((k) => k.kontrolpunktId));
    const nye = punktIder.filter((id) => !findes.has(id));
    if (nye.length === 0) {
      toast.info(`Skabelonens kontrolpunkter findes allerede på tilsynet`);
      return true;
    }
    return send(
      nye.map((id) => ({ kontrolpunktId: id, resultat: null, bemaerkning: null, version: null })),
      `${nye.length} kontrolpunkter fra '${navn}' er tilføjet`,
    );
  };

  const gemRef = useLatest(gem);
  const { setKommandoer } = p;
  useEffect(() => {
    setKommandoer(
      kanRette
        ? [
            {
              id: 'kontrolpunkter-tilfoej',
              label: 'Tilføj kontrolpunkter fra skabelon',
              shortcut: KONTROLPUNKT_TAST.tilfoej,
              keywords: ['kontrolpunkt', 'skabelon', 'tilføj'],
              run: () => setVaelgSkabelon(true),
            },
            {
              id: 'kontrolpunkter-gem',
              label: 'Gem kontrolpunkter',
              shortcut: KONTROLPUNKT_TAST.gem,
              keywords: ['gem', 'kontrolpunkt'],
              run: () => void gemRef.current(),
            },
          ]
        : [],
    );
    return () => setKommandoer([]);
  }, [setKommandoer, kanRette, gemRef]);

  // Grouped by subject, in the order the server gives (the templates' order).
  const grupper = useMemo(() => {
    const m = new Map<string, { navn: string; punkter: TilsynKontrolpunkt[] }>();
    for (const k of punkter) {
      const g = m.get(k.emneKode) ?? { navn: k.emneNavn, punkter: [] };
      g.punkter.push(k);
      m.set(k.emneKode, g);
    }
    return [...m.entries()];
  }, [punkter]);
  const besvaret = punkter.filter((k) => svar(k).resultat !== null).length;
  const afvigelser = punkter.filter((k) => svar(k).resultat === 'Afvigelse').length;

  return (
    <section className="rt-under kp" aria-label="Kontrolpunkter">
      <div className="kp-head">
        <h3 className="small">Kontrolpunkter</h3>
        {punkter.length > 0 && (
          <span className="muted small">
            {besvaret} af {punkter.length} vurderet
            {afvigelser > 0 ? ` · ${afvigelser} ${afvigelser === 1 ? 'afvigelse' : 'afvigelser'}` : ''}
          </span>
        )}
        <span className="rt-spacer" />
        {kanRette && (
          <Button
            size="small"
            color="secondary"
            onClick={() => setVaelgSkabelon(true)}
            title={medGenvej('Tilføj kontrolpunkter fra skabelon', KONTROLPUNKT_TAST.tilfoej)}
          >
            <ListPlus size={14} aria-hidden="true" />
            Tilføj fra skabelon
          </Button>
        )}
      </div>
      <ConflictAlert message={konflikt} onReload={() => void genindlaes()} />
      {fejl && (
        <p className="form-alert" role="alert">
          {fejl}
        </p>
      )}
      {q.isLoading && (
        <p className="muted small">
          <Spinner /> Henter kontrolpunkter …
        </p>
      )}
      {q.isError && <p className="form-alert">Kontrolpunkterne kunne ikke hentes: {fejlTekst(q.error)}</p>}
      {q.isSuccess && punkter.length === 0 && (
        <p className="muted small">
          Tilsynet har ingen kontrolpunkter.
          {kanRette ? ' Tilføj dem fra en kontrolpunktskabelon.' : ''}
        </p>
      )}
      {grupper.map(([kode, g]) => (
        <fieldset key={kode} className="kp-emne">
          <legend>{g.navn}</legend>
          <ol className="kp-punkter">
            {g.punkter.map((k) => (
              <KontrolpunktRaekke
                key={k.kontrolpunktId}
                punkt={k}
                svar={svar(k)}
                aendret={aendrede.includes(k)}
                kanRette={kanRette}
                onChange={(ny) => saet(k, ny)}
              />
            ))}
          </ol>
        </fieldset>
      ))}
      {kanRette && punkter.length > 0 && (
        <div className="rt-actions">
          <SpinnerButton
            size="small"
            loading={gemmer}
            loadingText="Gemmer …"
            onClick={() => void gem()}
            disabled={!dirty}
            title={medGenvej('Gem kontrolpunkter', KONTROLPUNKT_TAST.gem)}
          >
            <Save size={14} aria-hidden="true" />
            Gem kontrolpunkter
          </SpinnerButton>
          <Button size="small" color="secondary" disabled={!dirty} onClick={() => setAendringer(new Map())}>
            Fortryd ændringer
          </Button>
          {dirty && <span className="muted small">Ikke gemte ændringer ({aendrede.length})</span>}
        </div>
      )}
      {vaelgSkabelon && (
        <KontrolpunktSkabelonModal
          kundeId={kundeId}
          virksomhedstype={skabelonType(p)}
          onClose={() => setVaelgSkabelon(false)}
          onTilfoej={async (ider, navn) => {
            if (await tilfoej(ider, navn)) setVaelgSkabelon(false);
          }}
          sender={gemmer}
        />
      )}
    </section>
  );
}

function KontrolpunktRaekke(p: {
  punkt: TilsynKontrolpunkt;
  svar: Svar;
  aendret: boolean;
  kanRette: boolean;
  onChange(s: Partial<Svar>): void;
}) {
  const { punkt, svar } = p;
  const navn = `kp-${punkt.kontrolpunktId}`;
  return (
    <li className={`kp-punkt${p.aendret ? ' aendret' : ''}`} data-kontrolpunkt={punkt.kontrolpunktId}>
      <div className="kp-tekst">
        <span>{punkt.tekst}</span>
        {p.aendret && <span className="kp-aendret">Ændret, ikke gemt</span>}
      </div>
      <div className="kp-svar">
        <div className="kp-resultat" role="radiogroup" aria-label={`Resultat: ${punkt.tekst}`}>
          {(Object.keys(KONTROLPUNKT_RESULTATER) as (keyof typeof KONTROLPUNKT_RESULTATER)[]).map((r) => {
            const Ikon = RESULTAT_IKON[r];
            return (
              <label key={r} className={`kp-valg kp-${r}${svar.resultat === r ? ' valgt' : ''}`}>
                <input
                  type="radio"
                  name={navn}
                  checked={svar.resultat === r}
                  disabled={!p.kanRette}
                  onChange={() => p.onChange({ resultat: r })}
                />
                <Ikon size={13} aria-hidden="true" />
                {KONTROLPUNKT_RESULTATER[r]}
              </label>
            );
          })}
          {svar.resultat === null && <span className="muted small">Ikke vurderet</span>}
        </div>
        <input
          className="input form-input kp-bemaerkning"
          aria-label={`Bemærkning: ${punkt.tekst}`}
          placeholder="Bemærkning"
          maxLength={4000}
          value={svar.bemaerkning}
          disabled={!p.kanRette}
          onChange={(e) => p.onChange({ bemaerkning: e.target.value })}
        />
      </div>
    </li>
  );
}

/** Chooses a control-point template of the owner's type and shows its subjects before adding them. */
function KontrolpunktSkabelonModal(p: {
  kundeId: number;
  virksomhedstype: number;
  sender: boolean;
  onClose(): void;
  onTilfoej(punktIder: number[], navn: string): void;
}) {
  const skabeloner = useQuery({
    queryKey: ['dokumenter', p.kundeId, 'kontrolpunkt-skabeloner'],
    queryFn: ({ signal }) =>
      http.call(hentKontrolpunktSkabeloner, { params: { kundeId: p.kundeId }, signal }),
    staleTime: 60_000,
  });
  const egnede = (skabeloner.data ?? []).filter((s) => s.aktiv && s.virksomhedstype === p.virksomhedstype);
  const [valgt, setValgt] = useState<number | null>(null);
  const valgtId = valgt ?? (egnede.length === 1 ? egnede[0]!.id : null);
  const emner = useQuery({
    queryKey: ['dokumenter', 'kontrolpunkt-emner', valgtId],
    queryFn: ({ signal }) => http.call(hentKontrolpunktEmner, { params: { id: valgtId! }, signal }),
    enabled: valgtId !== null,
    staleTime: 60_000,
  });
  const skabelon = egnede.find((s) => s.id === valgtId);
  const ider = (emner.data ?? []).flatMap((e) => e.punkter.map((x) => x.id));
  const foerste = useRef<HTMLInputElement>(null);
  const kan = skabelon !== undefined && emner.isSuccess && ider.length > 0 && !p.sender;
  const tilfoej = () => {
    if (kan) p.onTilfoej(ider, skabelon.navn);
  };
  return (
    <Modal
      open
      title="Tilføj kontrolpunkter fra skabelon"
      onClose={p.onClose}
      size="medium"
      testId="kontrolpunkt-skabelon-modal"
      footer={
        <>
          <Button color="secondary" onClick={p.onClose}>
            Fortryd
          </Button>
          <SpinnerButton loading={p.sender} loadingText="Tilføjer …" disabled={!kan} onClick={tilfoej}>
            Tilføj {ider.length > 0 ? `${ider.length} kontrolpunkter` : 'kontrolpunkter'}
          </SpinnerButton>
        </>
      }
    >
      <SkabelonHentning q={skabeloner} />
      {skabeloner.isSuccess && egnede.length === 0 && (
        <p className="muted">Der er ingen aktive kontrolpunktskabeloner til denne type.</p>
      )}
      {egnede.length > 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            tilfoej();
          }}
        >
          <fieldset className="kp-skabeloner">
            <legend>Skabelon</legend>
            {egnede.map((s, i) => (
              <label key={s.id} className="check">
                <input
                  ref={i === 0 ? foerste : undefined}
                  type="radio"
                  name="kontrolpunkt-skabelon"
                  checked={valgtId === s.id}
                  onChange={() => setValgt(s.id)}
                />
                {s.navn} <span className="muted small">({s.antalPunkter} punkter)</span>
              </label>
            ))}
          </fieldset>
        </form>
      )}
      {valgtId !== null && emner.isLoading && (
        <p>
          <Spinner /> Henter kontrolpunkter …
        </p>
      )}
      {emner.isSuccess && (
        <section className="kp-forhaand" aria-label="Skabelonens kontrolpunkter">
          {emner.data.map((e) => (
            <div key={e.emneKode}>
              <strong>{e.emneNavn}</strong>
              <ul>
                {e.punkter.map((x) => (
                  <li key={x.id}>{x.tekst}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </Modal>
  );
}
