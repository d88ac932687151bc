import { useState } from 'react';
import { type RapportDef, rapportFilterDefs } from '../../../contract/rapport';
import type { RapportFilterDefs } from '../../../contract/rapport-filter';
import {
  type FilterNoegle,
  type RapportFilter,
  STANDARD_NOEGLER,
  validerDatoInterval,
  validerValg,
} from '../../../contract/rapport-filter';
import { useLookup } from '../../session/lookups';
import { Button } from '../../ui/Button';
import { DateInput, NumberInput, TextInput } from '../../ui/form/inputs';
import { Modal } from '../../ui/Modal';
import { TABEL_TEKST } from '../../ui/tabel-tekster';

const NOEGLE_TEKST: Record<FilterNoegle, string> = {
  contains: 'indeholder',
  equals: 'er lig med',
  between: 'ligger mellem',
};

interface Udkast {
  property: string;
  noegle: FilterNoegle;
  tekst: string;
  tal: number | null;
  fraTal: number | null;
  tilTal: number | null;
  fraDato: string | null;
  tilDato: string | null;
  valg: string[];
  bool: boolean | null;
}

function udkastAf(defs: RapportFilterDefs, f: RapportFilter | null, property: string): Udkast {
  const tom: Udkast = {
    property,
    noegle: (defs[property]?.noegler ?? STANDARD_NOEGLER[defs[property]?.type ?? 'tekst'])[0]!,
    tekst: '',
    tal: null,
    fraTal: null,
    tilTal: null,
    fraDato: null,
    tilDato: null,
    valg: [],
    bool: null,
  };
  if (!f) return tom;
  const u = { ...tom, property: f.property, noegle: f.noegle };
  if (f.noegle === 'contains') return { ...u, tekst: f.vaerdi };
  if (f.noegle === 'between')
    return f.type === 'dato'
      ? { ...u, fraDato: f.fra, tilDato: f.til }
      : { ...u, fraTal: f.fra, tilTal: f.til };
  if (f.type === 'bool') return { ...u, bool: f.vaerdi };
  if (f.type === 'tal') return { ...u, tal: f.vaerdier[0] ?? null };
  if (f.type === 'valg') return { ...u, valg: f.vaerdier };
  // A lookup column's values read as text until its names are loaded: keep them for both editors.
  return { ...u, tekst: f.vaerdier.join('|'), valg: f.vaerdier };
}

/**
 * The filter the editor holds, or the message that keeps it inactive (spec 001 §4: a filter is
 * inactive until its editor validates; §5 the texts).
 */
export function filterAfUdkast(defs: RapportFilterDefs, u: Udkast): RapportFilter | string {
  const d = defs[u.property];
  if (!d) return 'Vælg et filter';
  const property = u.property;
  if (u.noegle === 'between') {
    if (d.type === 'dato') {
      const fejl = validerDatoInterval(u.fraDato, u.tilDato, false);
      return fejl ?? { property, noegle: 'between', type: 'dato', fra: u.fraDato, til: u.tilDato };
    }
    const fra = u.fraTal !== null && Number.isNaN(u.fraTal) ? null : u.fraTal;
    const til = u.tilTal !== null && Number.isNaN(u.tilTal) ? null : u.tilTal;
    if (fra === null && til === null) return 'Udfyld mindst ét af felterne';
    if (fra !== null && til !== null && fra > til) return 'Fra må ikke være større end til';
    return { property, noegle: 'between', type: 'tal', fra, til };
  }
  if (d.type === 'valg') {
    const fejl = validerValg(u.valg);
    return fejl ?? { property, noegle: 'equals', type: 'valg', vaerdier: u.valg };
  }
  if (d.type === 'bool') {
    return u.bool === null
      ? 'Feltet er påkrævet'
      : { property, noegle: 'equals', type: 'bool', vaerdi: u.bool };
  }
  if (d.type === 'tal') {
    if (u.tal === null || Number.isNaN(u.tal)) return 'Feltet er påkrævet';
    return { property, noegle: 'equals', type: 'tal', vaerdier: [u.tal] };
  }
  const tekst = u.tekst.trim();
  if (!tekst) return 'Feltet er påkrævet';
  if (u.noegle === 'contains') return { property, noegle: 'contains', type: 'tekst', vaerdi: tekst };
  return {
    property,
    noegle: 'equals',
    type: 'tekst',
    vaerdier: tekst
      .split('|')
      .map((v) => v.trim())
      .filter(Boolean),
  };
}

/**
 * Adds or edits one filter of a report (spec 000 table texts: 'Add filter', 'Edit filter', 'Select
 * filter', 'Available filters', TABEL_TEKST.ingenFlereFiltre, 'Use filter', 'Update
 * filter'). The editor fits the property's type; 'Use filter' stays disabled with the reason shown
 * until the editor validates. Enter in a field uses the filter.
 */
export function FilterModal({
  def,
  aktive,
  redigeret,
  onClose,
  onGem,
}: {
  def: RapportDef;
  /** The properties already filtered (not offered again when adding). */
  aktive: readonly string[];
  /** The filter edited, or null to add one. */
  redigeret: RapportFilter | null;
  onClose(): void;
  onGem(f: RapportFilter): void;
}) {
  const [u, setU] = useState<Udkast>(() => {
    const alle = rapportFilterDefs(def);
    const forste = Object.keys(alle).find((p) => p === redigeret?.property || !aktive.includes(p));
    return udkastAf(alle, redigeret, redigeret?.property ?? forste ?? '');
  });
  // A lookup-backed column is chosen among its lookup's names (loaded, and cached, when chosen).
  const opslag = def.kolonner.find((k) => k.navn.toLowerCase() === u.property)?.opslag;
  const navne = useLookup(opslag);
  const defs = rapportFilterDefs(
    def,
    navne.data ? (sti) => (sti === opslag ? (navne.data ?? []).map((i) => i.navn) : []) : undefined,
  );
  const ledige = Object.keys(defs).filter((p) => p === redigeret?.property || !aktive.includes(p));
  const d = defs[u.property];
  const resultat = ledige.length > 0 ? filterAfUdkast(defs, u) : TABEL_TEKST.ingenFlereFiltre;
  const ok = typeof resultat !== 'string';
  const gem = () => {
    if (typeof resultat !== 'string') onGem(resultat);
  };
  const noegler = d ? (d.noegler ?? STANDARD_NOEGLER[d.type]) : [];
  const saet = (del: Partial<Udkast>) => setU((x) => ({ ...x, ...del }));

  return (
    <Modal
      open
      title={redigeret ? TABEL_TEKST.retFilter : TABEL_TEKST.tilfoejFilter}
      onClose={onClose}
      size="small"
      testId="rapport-filter-modal"
      footer={
        <>
          <Button color="secondary" onClick={onClose}>
            Fortryd
          </Button>
          <Button onClick={gem} disabled={!ok} title={ok ? undefined : String(resultat)}>
            {redigeret ? TABEL_TEKST.opdaterFilter : TABEL_TEKST.anvendFilter}
          </Button>
        </>
      }
    >
      {ledige.length === 0 ? (
        <p className="muted">{TABEL_TEKST.ingenFlereFiltre}</p>
      ) : (
        <form
          className="rapport-filter-form"
          onSubmit={(e) => {
            e.preventDefault();
            gem();
          }}
        >
          <label className="field">
            <span className="field-label">{TABEL_TEKST.vaelgFilter}</span>
            <select
              className="input"
              aria-label={TABEL_TEKST.tilgaengeligeFiltre}
              value={u.property}
              disabled={redigeret !== null}
              data-autofocus=""
              onChange={(e) => setU(udkastAf(rapportFilterDefs(def), null, e.target.value))}
            >
              {ledige.map((p) => (
                <option key={p} value={p}>
                  {defs[p]!.label}
                </option>
              ))}
            </select>
          </label>
          {noegler.length > 1 && (
            <label className="field">
              <span className="field-label">Betingelse</span>
              <select
                className="input"
                value={u.noegle}
                onChange={(e) => saet({ noegle: e.target.value as FilterNoegle })}
              >
                {noegler.map((n) => (
                  <option key={n} value={n}>
                    {NOEGLE_TEKST[n]}
                  </option>
                ))}
              </select>
            </label>
          )}
          {d && <Editor type={d.type} valg={d.valg ?? []} u={u} saet={saet} />}
          <p className={ok ? 'muted' : 'rapport-filter-fejl'} role={ok ? undefined : 'status'}>
            {ok ? 'Filteret er klar.' : String(resultat)}
          </p>
          {/* Enter in a text field submits the form. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
      )}
    </Modal>
  );
}

function Editor({
  type,
  valg,
  u,
  saet,
}: {
  type: string;
  valg: readonly string[];
  u: Udkast;
  saet(del: Partial<Udkast>): void;
}) {
  if (u.noegle === 'between' && type === 'dato')
    return (
      <div className="rapport-filter-interval">
        <DateInput name="fra" label="Fra" value={u.fraDato} onChange={(v) => saet({ fraDato: v })} />
        <DateInput name="til" label="Til" value={u.tilDato} onChange={(v) => saet({ tilDato: v })} />
      </div>
    );
  if (u.noegle === 'between')
    return (
      <div className="rapport-filter-interval">
        <NumberInput name="fra" label="Fra" value={u.fraTal} onChange={(v) => saet({ fraTal: v })} />
        <NumberInput name="til" label="Til" value={u.tilTal} onChange={(v) => saet({ tilTal: v })} />
      </div>
    );
  if (type === 'valg')
    return (
      <fieldset className="rapport-filter-valg">
        <legend>Værdier</legend>
        {valg.map((v) => (
          <label key={v} className="check">
            <input
              type="checkbox"
              checked={u.valg.includes(v)}
              onChange={(e) =>
                saet({ valg: e.target.checked ? [...u.valg, v] : u.valg.filter((x) => x !== v) })
              }
            />
            {v}
          </label>
        ))}
      </fieldset>
    );
  if (type === 'bool')
    return (
      <fieldset className="rapport-filter-valg">
        <legend>Værdi</legend>
        {[true, false].map((v) => (
          <label key={String(v)} className="check">
            <input type="radio" name="bool" checked={u.bool === v} onChange={() => saet({ bool: v })} />
            {v ? 'Ja' : 'Nej'}
          </label>
        ))}
      </fieldset>
    );
  if (type === 'tal')
    return <NumberInput name="vaerdi" label="Værdi" value={u.tal} onChange={(v) => saet({ tal: v })} />;
  return (
    <TextInput
      name="vaerdi"
      label="Værdi"
      value={u.tekst}
      onChange={(v) => saet({ tekst: v })}
      hint={u.noegle === 'equals' ? 'Flere værdier adskilles med |' : undefined}
    />
  );
}
