/** A command a view offers while its tile is focused ('Godkend valgte', 'Gem' ...). */
export interface TileCommand {
  id: string;
  label: string;
  /** A key as src/app/lib/keyboard.ts spells it: 'mod+s', 'a', 'alt+shift+f', '/'. Single keys never fire while typing. */
  shortcut?: string;
  /** A second key that does the same, for a layout where the first needs AltGr. */
  altShortcut?: string;
  keywords?: string[];
  run(): void;
  disabled?: boolean;
}

/** The keys of a list with its record's form: 'Ny …' and 'Gå til …' (shown by the list's hints). */
export const LISTE_TAST = { ny: 'alt+n', liste: 'alt+l' } as const;
