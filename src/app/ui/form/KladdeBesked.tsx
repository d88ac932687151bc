import { FileClock, Save, Trash2, Undo2, WifiOff } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { formatDatoTidKort } from '../../lib/dates';
import { medGenvej } from '../../lib/keyboard';
import { Button } from '../Button';
import { ConflictAlert } from './ConflictAlert';
import { GEM_TAST } from './gem-tast';
import { FORBINDELSE_TEKST, fladVaerdier, forskelle, type KladdeTilbud, type KladdeValg } from './kladde';
import type { VersionedForm } from './useVersionedForm';
import './kladde.css';

/**
 * What a form on useVersionedForm says above its fields: the offer of a draft (and the field-by-field
 * comparison when the record changed since), a save that got no answer, and a refused (409) save.
 * Every form renders this one element where it showed ConflictAlert.
 */
export function FormBeskeder<T extends Record<string, unknown>>({ vf }: { vf: VersionedForm<T> }) {
  return (
    <>
      <KladdeBesked vf={vf} />
      <ForbindelseBesked vf={vf} />
      <ConflictAlert message={vf.konflikt} onReload={() => void vf.genindlaes()} />
    </>
  );
}

/**
 * Above a form's fields: the offer of its draft (or the comparison), a save without an answer, and
 * the 409 text (someone else changed the entry), as full-width rows of a grid form (the water data
 * forms, contact persons).
 */
export function KonfliktTekst<T extends Record<string, unknown>>({ vf }: { vf: VersionedForm<T> }) {
  return (
    <>
      {(vf.kladde.tilbud || vf.forbindelse !== 'ok') && (
        <div className="wide">
          <KladdeBesked vf={vf} />
          <ForbindelseBesked vf={vf} />
        </div>
      )}
      {vf.konflikt && (
        <p className="form-alert wide" role="alert">
          {vf.konflikt}
        </p>
      )}
    </>
  );
}

/** '14:32' today, else '27-11-2026 14:32'. */
export function kladdeTid(d: Date, nu = new Date()): string {
  const idag = d.toDateString() === nu.toDateString();
  if (!idag) return formatDatoTidKort(d);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** 'Du har en ikke-gemt kladde fra 14:32 · Gendan / Kassér', or the comparison. */
export function KladdeBesked<T extends Record<string, unknown>>({ vf }: { vf: VersionedForm<T> }) {
  const k = vf.kladde;
  if (!k.tilbud) return null;
  if (k.sammenligner) {
    return (
      <KladdeSammenligning
        tilbud={k.tilbud}
        root={vf.form.ref.current}
        onVaelg={k.vaelg}
        onAnnuller={k.annullerSammenligning}
      />
    );
  }
  return (
    <section className="form-alert info kladde-besked" role="status" aria-label="Ikke-gemt kladde">
      <FileClock size={15} aria-hidden="true" className="kladde-ikon" />
      <span className="kladde-tekst">
        Du har en ikke-gemt kladde fra {kladdeTid(k.tilbud.gemt)}
        {k.tilbud.aendret && (
          <span className="kladde-aendret"> · Posten er ændret siden; du vælger felt for felt.</span>
        )}
      </span>
      <span className="kladde-knapper">
        <Button size="small" onClick={k.gendan}>
          <Undo2 size={13} aria-hidden="true" />
          Gendan
        </Button>
        <Button size="small" color="secondary" onClick={k.kasser}>
          <Trash2 size={13} aria-hidden="true" />
          Kassér
        </Button>
      </span>
    </section>
  );
}

/** A save that got no answer; then that the connection is back and one key saves. */
export function ForbindelseBesked<T extends Record<string, unknown>>({ vf }: { vf: VersionedForm<T> }) {
  if (vf.forbindelse === 'mistet') {
    return (
      <div className="form-alert kladde-forbindelse" role="alert">
        <WifiOff size={15} aria-hidden="true" className="kladde-ikon" />
        <span>{FORBINDELSE_TEKST.mistet}</span>
      </div>
    );
  }
  if (vf.forbindelse === 'tilbage' && vf.form.dirty) {
    return (
      <div className="form-alert info kladde-forbindelse" role="status">
        <span>{FORBINDELSE_TEKST.tilbage}</span>
        <Button size="small" onClick={() => void vf.gem()} title={medGenvej('Gem', GEM_TAST)}>
          <Save size={13} aria-hidden="true" />
          Gem nu
        </Button>
      </div>
    );
  }
  return null;
}

/** The form's element of a field, by its `data-felt` name (a quoted attribute value: no CSS.escape needed). */
const feltSelector = (navn: string) => `[data-felt="${navn.replace(/["\\]/g, '\\$&')}"]`;

/** A field's label as the form shows it (its `data-felt` element), else its name. */
function labelAf(root: HTMLElement | null, navn: string): string {
  const el = root?.querySelector(`${feltSelector(navn)} .form-label`);
  const tekst = el?.textContent?.replace(/\s*\*\s*$/, '').trim();
  return tekst || navn;
}

/** A value as the field shows it: a dropdown's option text, Ja/Nej, '–' for nothing. */
function visning(root: HTMLElement | null, navn: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nej';
  if (Array.isArray(v)) return v.length === 0 ? '–' : v.map((x) => visning(root, navn, x)).join(', ');
  const select = root?.querySelector<HTMLSelectElement>(`${feltSelector(navn)} select`);
  if (select) {
    const option = Array.from(select.options).find((o) => o.value === String(v));
    if (option?.textContent) return option.textContent;
  }
  if (v instanceof Date) return formatDatoTidKort(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * The draft beside the record's current values, one row per field that differs. A field only the
 * user changed starts on the draft's value, one only the record changed on the saved value; a field
 * changed on both sides starts unchosen, and 'Brug valgte' waits until every such field is chosen.
 * Plain radio buttons: Tab moves between fields, the arrow keys choose, Enter applies.
 */
export function KladdeSammenligning(p: {
  tilbud: KladdeTilbud;
  root: HTMLElement | null;
  onVaelg(valg: Record<string, KladdeValg>): void;
  onAnnuller(): void;
}) {
  const { tilbud, root } = p;
  const kladde = fladVaerdier(tilbud.vaerdier);
  const base = fladVaerdier(tilbud.base);
  const aktuelle = fladVaerdier(tilbud.aktuelle);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const felter = forskelle(tilbud.vaerdier, tilbud.aktuelle).map((navn) => {
    const bruger = !same(kladde[navn], base[navn]);
    const server = !same(aktuelle[navn], base[navn]);
    const start: KladdeValg | null = bruger && server ? null : bruger ? 'kladde' : 'gemt';
    return { navn, begge: bruger && server, start };
  });
  const [valg, setValg] = useState<Record<string, KladdeValg | null>>(() =>
    Object.fromEntries(felter.map((f) => [f.navn, f.start])),
  );
  const mangler = felter.filter((f) => !valg[f.navn]).length;
  const anvend = () => {
    if (mangler > 0) return;
    p.onVaelg(valg as Record<string, KladdeValg>);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter in a radio would submit the form around it: here it applies the choice.
    if (e.key === 'Enter' && (e.target as HTMLElement).matches('input')) {
      e.preventDefault();
      anvend();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      p.onAnnuller();
    }
  };
  return (
    <section className="kladde-sammenligning" aria-label="Kladde og gemte værdier" onKeyDown={onKeyDown}>
      <h3>Kladde fra {kladdeTid(tilbud.gemt)} og posten, som den er gemt nu</h3>
      <p className="muted small">
        Posten er ændret, siden kladden blev skrevet. Vælg for hvert felt, hvilken værdi der skal stå i
        formularen; intet gemmes, før du trykker Gem.
        {mangler > 0 &&
          ` ${mangler === 1 ? 'Ét felt' : `${mangler} felter`} er ændret begge steder og mangler dit valg.`}
      </p>
      <table className="kladde-tabel">
        <thead>
          <tr>
            <th scope="col">Felt</th>
            <th scope="col">Din kladde</th>
            <th scope="col">Gemt nu</th>
          </tr>
        </thead>
        <tbody>
          {felter.map((f) => {
            const label = labelAf(root, f.navn);
            const id = `kladde-valg-${f.navn}`;
            return (
              <tr key={f.navn} className={f.begge ? 'kladde-begge' : undefined}>
                <th scope="row">
                  {label}
                  {f.begge && <span className="kladde-maerke">ændret begge steder</span>}
                </th>
                {(['kladde', 'gemt'] as const).map((side) => (
                  <td key={side}>
                    <label className={valg[f.navn] === side ? 'kladde-valgt' : undefined}>
                      <input
                        type="radio"
                        name={id}
                        value={side}
                        checked={valg[f.navn] === side}
                        onChange={() => setValg((v) => ({ ...v, [f.navn]: side }))}
                        aria-label={`${label}: ${side === 'kladde' ? 'din kladde' : 'gemt nu'}`}
                      />
                      <span>
                        {visning(root, f.navn, side === 'kladde' ? kladde[f.navn] : aktuelle[f.navn])}
                      </span>
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="kladde-knapper">
        <Button size="small" onClick={anvend} disabled={mangler > 0}>
          Brug valgte værdier
        </Button>
        <Button size="small" color="secondary" onClick={p.onAnnuller}>
          Annullér
        </Button>
      </div>
    </section>
  );
}
