import { useEffect } from 'react';
import { FRASE_GENVEJ, FRASE_LABEL, fraseMaal, useFraseMaal, useFraseVaelgerAaben } from '../lib/frase-maal';
import { fejlTekst } from '../lib/http-fejl';
import { bindShortcut, platformKey } from '../lib/keyboard';
import { useEmner, useKundeFraser } from '../session/frase-data';
import { useShellSession } from '../session/session-context';
import { FraseVaelger } from '../ui/FraseVaelger';
import { toast } from '../ui/toast';
import { type Command, GROUP } from '../workspace/kommando';
import { workspace } from '../workspace/store';

export { FRASE_GENVEJ, FRASE_LABEL };

/** Opens the phrase list for the focused tile's text field, or says where to put the cursor first. */
export function aabnFraseVaelger(): void {
  const tileId = workspace.get().focused;
  if (tileId && fraseMaal.get(tileId)) fraseMaal.aabn(tileId);
  else toast.info('Sæt markøren i et tekstfelt for at indsætte en frase');
}

/** The palette's command while the focused tile has a text field to insert into. */
export function fraseKommando(tileId: string | null): Command[] {
  if (!tileId || !fraseMaal.get(tileId)) return [];
  return [
    {
      id: 'frase:indsaet',
      label: FRASE_LABEL,
      group: GROUP.tile,
      keywords: ['frase', 'fraser', 'indsæt', 'tekst', 'standardtekst'],
      shortcut: FRASE_GENVEJ,
      layer: 'tile',
      run: () => fraseMaal.aabn(tileId),
    },
  ];
}

/**
 * The phrase list of 'Indsæt frase …' with its data, and its shortcut. Mounted with the palette.
 * Choosing a phrase inserts it through the field's form state (the form turns dirty) and puts the
 * caret after it.
 */
export function FraseIndsaet() {
  useEffect(() => bindShortcut('tile', platformKey(FRASE_GENVEJ), () => aabnFraseVaelger()), []);
  const aaben = useFraseVaelgerAaben();
  if (!aaben) return null;
  return <FraseDialog tileId={aaben} />;
}

function FraseDialog({ tileId }: { tileId: string }) {
  const maal = useFraseMaal(tileId);
  const { user } = useShellSession();
  const emner = useEmner();
  const fraser = useKundeFraser(user?.customerId);
  // The field left the page (the tile closed, the record changed): nothing to insert into.
  useEffect(() => {
    if (!maal) fraseMaal.luk();
  }, [maal]);
  if (!maal) return null;
  const fejl = emner.isError
    ? `Emnerne kunne ikke hentes: ${fejlTekst(emner.error, { udenSvar: true })}`
    : fraser.isError
      ? `Fraserne kunne ikke hentes: ${fejlTekst(fraser.error, { udenSvar: true })}`
      : null;
  return (
    <FraseVaelger
      feltLabel={maal.label}
      emneKode={maal.emneKode}
      emner={emner.data}
      fraser={fraser.data}
      fejl={fejl}
      onClose={() => fraseMaal.luk()}
      onVaelg={(f) => {
        // Closing gives focus back to the field; the insert then puts the caret after the text.
        fraseMaal.luk();
        maal.indsaet(f.tekst);
      }}
    />
  );
}
