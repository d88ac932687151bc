/**
 * The workspace's keys that its tile buttons name too (one spelling for the command and the
 * tooltip). '\' takes AltGr on a Danish keyboard, where AltGr is Ctrl+Alt on Windows: Ctrl+\ and
 * Ctrl+| cannot be typed there, so each split has a second key, Ctrl+< and Ctrl+> (the key left
 * of Z, with Shift for '>'), which no browser takes (docs/decisions.md).
 */
export const WORKSPACE_KEYS = {
  splitRight: { shortcut: 'mod+\\', altShortcut: 'ctrl+<' },
  splitDown: { shortcut: 'mod+|', altShortcut: 'ctrl+>' },
  maximise: { shortcut: 'alt+m' },
  close: { shortcut: 'alt+w' },
} as const;
