import { useEffect } from 'react';
import type { TileCommand } from '../../workspace/tile-api';
import { LISTE_TAST } from '../../workspace/useListeDetalje';

/**
 * What the two screens of /fakturering/gebyrtyper share: the path, the shortcuts and the tile's one
 * Gem (Ctrl+S) over two forms: the fee type's publishes its save as a command of the generic tab, the
 * rates' registers its save here while it is open.
 */

export const GEBYRTYPER_STI = '/fakturering/gebyrtyper';

export const GEBYRTYPER_TAST = {
  ny: LISTE_TAST.ny,
  gem: 'mod+s',
  satser: 'alt+shift+a',
  nytAar: 'alt+shift+n',
} as const;

/** The save of the open rates form, for the tile's one Ctrl+S. */
export type Gemmere = { satser?: () => void };
export type GemmereRef = { current: Gemmere };

/**
 * An open form's save: registered for the tile's Gem while the form is open, and offered as the
 * form's own command (`kommando`) in the palette.
 */
export function useFormensGem(p: {
  hvilken: keyof Gemmere;
  gemmere: GemmereRef;
  gemRef: { current: () => Promise<unknown> };
  setKommandoer(c: TileCommand[]): void;
  kommando: { id: string; label: string; keywords: string[] };
}) {
  const { hvilken, gemmere, gemRef, setKommandoer } = p;
  const { id, label, keywords } = p.kommando;
  useEffect(() => {
    const gem = () => void gemRef.current();
    gemmere.current[hvilken] = gem;
    setKommandoer([{ id, label, keywords, run: gem }]);
    return () => {
      if (gemmere.current[hvilken] === gem) gemmere.current[hvilken] = undefined;
      setKommandoer([]);
    };
  }, [hvilken, setKommandoer, gemRef, gemmere, id, label, keywords]);
}
