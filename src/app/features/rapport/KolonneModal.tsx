import { ArrowDown, ArrowUp } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { ANTAL, type RapportDef } from '../../../contract/rapport';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { Modal } from '../../ui/Modal';
import { TABEL_TEKST } from '../../ui/tabel-tekster';

/** Moves one name a step up (-1) or down (+1) in the list. */
export function flyt(liste: readonly string[], navn: string, retning: -1 | 1): string[] {
  const i = liste.indexOf(navn);
  const j = i + retning;
  if (i < 0 || j < 0 || j >= liste.length) return [...liste];
  const ud = [...liste];
  [ud[i], ud[j]] = [ud[j]!, ud[i]!];
  return ud;
}

/**
 * Chooses and orders a report's columns ('Select columns', 'Reorder'). Space ticks a column,
 * Alt+↑ / Alt+↓ move the focused chosen column; 'Antal' groups the rows by the other columns.
 * 'Anvend' shows the choice in this tile; it is also remembered as the user's own default.
 */
export function KolonneModal({
  def,
  valgte,
  onClose,
  onGem,
}: {
  def: RapportDef;
  valgte: readonly string[];
  onClose(): void;
  onGem(kolonner: string[]): void;
}) {
  const alle = [...def.kolonner, ANTAL];
  const [liste, setListe] = useState<string[]>(() => [...valgte]);
  const label = (n: string) => alle.find((k) => k.navn === n)?.label ?? n;
  const tastatur = (navn: string) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    setListe((l) => flyt(l, navn, e.key === 'ArrowUp' ? -1 : 1));
    // Keep the keyboard on the moved column.
    const el = e.currentTarget as HTMLElement;
    requestAnimationFrame(() => el.focus());
  };
  const ikkeValgte = alle.filter((k) => !liste.includes(k.navn));
  return (
    <Modal
      open
      title={TABEL_TEKST.vaelgKolonner}
      onClose={onClose}
      size="medium"
      testId="rapport-kolonne-modal"
      footer={
        <>
          <Button color="secondary" onClick={onClose}>
            Fortryd
          </Button>
          <Button
            onClick={() => onGem(liste)}
            disabled={liste.length === 0}
            title={liste.length === 0 ? 'Vælg mindst én kolonne' : undefined}
          >
            Anvend
          </Button>
        </>
      }
    >
      <div className="rapport-kolonner">
        <fieldset>
          <legend>
            Viste kolonner (flyt: {shortcutLabel(platformKey('alt+up'))} /{' '}
            {shortcutLabel(platformKey('alt+down'))})
          </legend>
          <ol>
            {liste.map((n, i) => (
              <li key={n}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked
                    data-autofocus={i === 0 ? '' : undefined}
                    onKeyDown={tastatur(n)}
                    onChange={() => setListe((l) => l.filter((x) => x !== n))}
                  />
                  {label(n)}
                </label>
                <IconButton
                  icon={ArrowUp}
                  label={`Flyt ${label(n)} op`}
                  onClick={() => setListe((l) => flyt(l, n, -1))}
                  disabled={i === 0}
                />
                <IconButton
                  icon={ArrowDown}
                  label={`Flyt ${label(n)} ned`}
                  onClick={() => setListe((l) => flyt(l, n, 1))}
                  disabled={i === liste.length - 1}
                />
              </li>
            ))}
          </ol>
        </fieldset>
        <fieldset>
          <legend>Øvrige kolonner</legend>
          {ikkeValgte.map((k) => (
            <label key={k.navn} className="check">
              <input type="checkbox" checked={false} onChange={() => setListe((l) => [...l, k.navn])} />
              {k.label}
              {k.navn === 'antal' && <span className="muted"> (grupperer rækkerne)</span>}
            </label>
          ))}
        </fieldset>
      </div>
    </Modal>
  );
}
