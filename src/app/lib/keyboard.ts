import hotkeys from 'hotkeys-js';

/**
 * The focus stack that decides which shortcuts are live, over hotkeys-js (the only module that
 * imports it: it delivers every keydown, the matching is ours). Layers, top first: palette or modal
 * (blocking: nothing below fires), form, tile, global. A key goes to the topmost live layer that
 * binds it. Single-key shortcuts (no Ctrl, Cmd or Alt; not F1–F12 or Escape) never fire while the
 * user types in a field.
 *
 * A shortcut is matched by the character the key types (`event.key`), not by where the key sits
 * (`event.code`): '?' is Shift+/ on a US keyboard and Shift++ on a Danish one, '/' is Shift+7 there.
 * So a shortcut spelt with a character ('?', '/', '<', '-', 'plus' for '+') ignores Shift, which is
 * part of typing the character; letters, digits and named keys (F6, left, pageup …) compare Shift
 * too. Where a layout's `event.key` is no plain character (a Mac's Option+S types 'ß', a Cyrillic
 * layout types 'ы'), letters and digits fall back to their position, and characters to their
 * position on a US keyboard.
 */
export type Layer = 'global' | 'tile' | 'form' | 'modal' | 'palette';
export const LAYER_ORDER: readonly Layer[] = ['palette', 'modal', 'form', 'tile', 'global'];
const BLOCKING: ReadonlySet<Layer> = new Set(['palette', 'modal']);

const MODIFIERS = ['ctrl', 'command', 'alt', 'shift'] as const;
type Modifier = (typeof MODIFIERS)[number];
const MODIFIER_ALIAS: Record<string, Modifier> = {
  control: 'ctrl',
  cmd: 'command',
  meta: 'command',
  '⌘': 'command',
  option: 'alt',
};

/** Named keys as spelt in a shortcut, and their `event.key`. */
export const NAMED_KEYS: Record<string, string> = {
  left: 'ArrowLeft',
  right: 'ArrowRight',
  up: 'ArrowUp',
  down: 'ArrowDown',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  home: 'Home',
  end: 'End',
  enter: 'Enter',
  escape: 'Escape',
  tab: 'Tab',
  space: ' ',
  backspace: 'Backspace',
  delete: 'Delete',
  insert: 'Insert',
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i + 1}`, `F${i + 1}`])),
};
const KEY_ALIAS: Record<string, string> = {
  esc: 'escape',
  arrowleft: 'left',
  arrowright: 'right',
  arrowup: 'up',
  arrowdown: 'down',
  del: 'delete',
};

/** Characters the '+' between keys cannot spell. */
const CHAR_NAMES: Record<string, string> = { plus: '+' };

/**
 * Where a character sits on a US keyboard (and whether it takes Shift there): the fallback for an
 * `event.key` that is no plain character, e.g. a Mac's Option+- typing '–'.
 */
const US_POSITION: Record<string, { code: string; shift: boolean }> = {
  '-': { code: 'Minus', shift: false },
  _: { code: 'Minus', shift: true },
  '=': { code: 'Equal', shift: false },
  '+': { code: 'Equal', shift: true },
  '[': { code: 'BracketLeft', shift: false },
  ']': { code: 'BracketRight', shift: false },
  '\\': { code: 'Backslash', shift: false },
  '|': { code: 'Backslash', shift: true },
  ';': { code: 'Semicolon', shift: false },
  "'": { code: 'Quote', shift: false },
  ',': { code: 'Comma', shift: false },
  '<': { code: 'Comma', shift: true },
  '.': { code: 'Period', shift: false },
  '>': { code: 'Period', shift: true },
  '/': { code: 'Slash', shift: false },
  '?': { code: 'Slash', shift: true },
};

export type KeyKind = 'letter' | 'digit' | 'named' | 'char';

/** A shortcut taken apart: its modifiers and its one key. */
export interface ParsedShortcut {
  ctrl: boolean;
  command: boolean;
  alt: boolean;
  shift: boolean;
  kind: KeyKind;
  /** A lower-case letter, a digit, a named key's spelling ('pageup') or the character ('?', '+'). */
  key: string;
}

export function parseShortcut(spelling: string): ParsedShortcut {
  const parts = spelling
    .toLowerCase()
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => MODIFIER_ALIAS[p] ?? KEY_ALIAS[p] ?? p);
  const mods = new Set(parts.filter((p): p is Modifier => (MODIFIERS as readonly string[]).includes(p)));
  const rest = parts.filter((p) => !(MODIFIERS as readonly string[]).includes(p));
  const raw = rest.at(-1) ?? '';
  const key = CHAR_NAMES[raw] ?? raw;
  const kind: KeyKind = /^[a-z]$/.test(key)
    ? 'letter'
    : /^[0-9]$/.test(key)
      ? 'digit'
      : key in NAMED_KEYS
        ? 'named'
        : 'char';
  return {
    ctrl: mods.has('ctrl'),
    command: mods.has('command'),
    alt: mods.has('alt'),
    // Shift is part of typing a character ('?' is Shift+/ or Shift++): not a modifier of it.
    shift: kind !== 'char' && mods.has('shift'),
    kind,
    key,
  };
}

/**
 * Normalises a shortcut: lower case, modifiers first in a fixed order, '+' spelt 'plus', no Shift
 * before a character ('shift+?' is '?').
 */
export function normaliseKey(key: string): string {
  const p = parseShortcut(key);
  const mods = MODIFIERS.filter((m) => p[m]);
  const last = p.key === '+' ? 'plus' : p.key;
  return [...mods, last].join('+');
}

/** Whether a keydown is the shortcut: the same modifiers and the key that types its character. */
export function matchesShortcut(shortcut: ParsedShortcut, event: KeyboardEvent): boolean {
  if (
    event.ctrlKey !== shortcut.ctrl ||
    event.metaKey !== shortcut.command ||
    event.altKey !== shortcut.alt
  ) {
    return false;
  }
  const key = event.key;
  if (!key || key === 'Dead' || key === 'Unidentified' || key === 'Process') return false;
  switch (shortcut.kind) {
    case 'letter':
      if (event.shiftKey !== shortcut.shift) return false;
      if (/^[a-z]$/i.test(key)) return key.toLowerCase() === shortcut.key;
      return event.code === `Key${shortcut.key.toUpperCase()}`;
    case 'digit':
      if (event.shiftKey !== shortcut.shift) return false;
      if (/^[0-9]$/.test(key)) return key === shortcut.key;
      return event.code === `Digit${shortcut.key}`;
    case 'named':
      return event.shiftKey === shortcut.shift && key === NAMED_KEYS[shortcut.key];
    case 'char': {
      if (key === shortcut.key) return true;
      // Not a plain character (Option on a Mac): the key where a US keyboard has the character.
      if (key.length === 1 && key >= ' ' && key <= '~') return false;
      const us = US_POSITION[shortcut.key];
      return !!us && event.code === us.code && event.shiftKey === us.shift;
    }
  }
}

interface Binding {
  layer: Layer;
  shortcut: ParsedShortcut;
  handler: (event: KeyboardEvent) => void;
}

const bindings: Binding[] = [];
const open = new Map<Layer, number>();

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

function firesWhileTyping(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey || event.altKey || /^(F\d{1,2}|Escape)$/.test(event.key);
}

/** The layers live now, top first: everything below the topmost blocking layer is cut off. */
export function liveLayers(openLayers: ReadonlyMap<Layer, number> = open): Layer[] {
  const live: Layer[] = [];
  for (const layer of LAYER_ORDER) {
    if (layer !== 'global' && !(openLayers.get(layer) ?? 0)) continue;
    live.push(layer);
    if (BLOCKING.has(layer)) break;
  }
  return live;
}

function dispatch(event: KeyboardEvent): void {
  if (event.type !== 'keydown' || bindings.length === 0) return;
  if (isTyping(event.target) && !firesWhileTyping(event)) return;
  for (const layer of liveLayers()) {
    // The most recent binding of a layer wins (a newer tile command over an older one).
    const binding = bindings.findLast((b) => b.layer === layer && matchesShortcut(b.shortcut, event));
    if (binding) {
      event.preventDefault();
      binding.handler(event);
      return;
    }
  }
}

hotkeys.filter = () => true;
// Every keydown, whatever its key: the bindings above decide (hotkeys-js's own matching goes by key
// position, which is not what a Danish keyboard types).
if (typeof document !== 'undefined') hotkeys('*', { keydown: true, keyup: false }, dispatch);

/** Binds a shortcut in a layer; returns the function that unbinds it. */
export function bindShortcut(layer: Layer, key: string, handler: (event: KeyboardEvent) => void): () => void {
  const binding: Binding = { layer, shortcut: parseShortcut(key), handler };
  bindings.push(binding);
  return () => {
    const i = bindings.indexOf(binding);
    if (i >= 0) bindings.splice(i, 1);
  };
}

/** Whether a layer is open now (the palette, a modal). */
export const layerOpen = (layer: Layer): boolean => (open.get(layer) ?? 0) > 0;

/** Marks a layer open (a modal, the palette, a focused tile); returns the function that closes it. */
export function openLayer(layer: Layer): () => void {
  open.set(layer, (open.get(layer) ?? 0) + 1);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    open.set(layer, Math.max(0, (open.get(layer) ?? 1) - 1));
  };
}

const NAMED_LABELS: Record<string, string> = {
  left: '←',
  right: '→',
  up: '↑',
  down: '↓',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  escape: 'Esc',
  space: 'Mellemrum',
};

/** How a shortcut is shown: 'Ctrl+K', '?', 'Alt++', or '⌘K' on a Mac. */
export function shortcutLabel(key: string, mac = isMac()): string {
  const p = parseShortcut(key);
  const mods: string[] = [];
  if (p.ctrl) mods.push(mac ? '⌃' : 'Ctrl');
  if (p.command) mods.push('⌘');
  if (p.alt) mods.push(mac ? '⌥' : 'Alt');
  if (p.shift) mods.push(mac ? '⇧' : 'Shift');
  const last =
    p.kind === 'named'
      ? (NAMED_LABELS[p.key] ?? p.key[0]!.toUpperCase() + p.key.slice(1))
      : p.key.toUpperCase();
  return [...mods, last].join(mac ? '' : '+');
}

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/** 'mod' means Cmd on a Mac and Ctrl elsewhere. */
export function platformKey(key: string, mac = isMac()): string {
  return key.replace(/\bmod\b/g, mac ? 'command' : 'ctrl');
}

/** A command's keys: its shortcut and its second key, if any. */
export function shortcutsOf(c: { shortcut?: string; altShortcut?: string }): string[] {
  return [c.shortcut, c.altShortcut].filter((k): k is string => !!k);
}

/** One or more keys that do the same, as shown: 'Ctrl+\\ eller Ctrl+<'. */
export function shortcutsLabel(keys: string | readonly string[], mac = isMac()): string {
  return (typeof keys === 'string' ? [keys] : keys)
    .map((k) => shortcutLabel(platformKey(k, mac), mac))
    .join(' eller ');
}

/** A button's tooltip: its action with the shortcut(s) that do the same, 'Gem (Ctrl+S)'. */
export function medGenvej(label: string, key: string | readonly string[] | undefined, mac = isMac()): string {
  return key && key.length > 0 ? `${label} (${shortcutsLabel(key, mac)})` : label;
}
