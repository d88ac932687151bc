import hotkeys from 'hotkeys-js';

/**
 * The focus stack that decides which shortcuts are live, over hotkeys-js (the only module that
 * imports it). Layers, top first: palette or modal (blocking: nothing below fires), form, tile,
 * global. A key goes to the topmost live layer that binds it. Single-key shortcuts (no Ctrl, Cmd or
 * Alt; not F1–F12 or Escape) never fire while the user types in a field.
 */
export type Layer = 'global' | 'tile' | 'form' | 'modal' | 'palette';
export const LAYER_ORDER: readonly Layer[] = ['palette', 'modal', 'form', 'tile', 'global'];
const BLOCKING: ReadonlySet<Layer> = new Set(['palette', 'modal']);

interface Binding {
  layer: Layer;
  key: string;
  handler: (event: KeyboardEvent) => void;
}

const bindings: Binding[] = [];
const open = new Map<Layer, number>();
const boundKeys = new Map<string, number>();

/** Normalises a shortcut as hotkeys-js spells it: lower case, modifiers first in a fixed order. */
export function normaliseKey(key: string): string {
  const parts = key
    .toLowerCase()
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  const order = ['ctrl', 'command', 'alt', 'shift'];
  const mods = order.filter((m) => parts.includes(m));
  const rest = parts.filter((p) => !order.includes(p));
  return [...mods, ...rest].join('+');
}

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

function dispatch(key: string, event: KeyboardEvent): void {
  if (isTyping(event.target) && !firesWhileTyping(event)) return;
  for (const layer of liveLayers()) {
    // The most recent binding of a layer wins (a newer tile command over an older one).
    const binding = bindings.findLast((b) => b.layer === layer && b.key === key);
    if (binding) {
      event.preventDefault();
      binding.handler(event);
      return;
    }
  }
}

hotkeys.filter = () => true;

/** Binds a shortcut in a layer; returns the function that unbinds it. */
export function bindShortcut(layer: Layer, key: string, handler: (event: KeyboardEvent) => void): () => void {
  const normalised = normaliseKey(key);
  const binding: Binding = { layer, key: normalised, handler };
  bindings.push(binding);
  const count = boundKeys.get(normalised) ?? 0;
  if (count === 0) hotkeys(normalised, (event) => dispatch(normalised, event));
  boundKeys.set(normalised, count + 1);
  return () => {
    const i = bindings.indexOf(binding);
    if (i >= 0) bindings.splice(i, 1);
    const left = (boundKeys.get(normalised) ?? 1) - 1;
    boundKeys.set(normalised, left);
    if (left === 0) hotkeys.unbind(normalised);
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

/** How a shortcut is shown: 'Ctrl+K', or '⌘K' on a Mac. */
export function shortcutLabel(key: string, mac = isMac()): string {
  return normaliseKey(key)
    .split('+')
    .map((p) => {
      if (p === 'ctrl') return mac ? '⌃' : 'Ctrl';
      if (p === 'command') return '⌘';
      if (p === 'alt') return mac ? '⌥' : 'Alt';
      if (p === 'shift') return mac ? '⇧' : 'Shift';
      if (p === 'left') return '←';
      if (p === 'right') return '→';
      if (p === 'up') return '↑';
      if (p === 'down') return '↓';
      return p.length === 1 ? p.toUpperCase() : p[0]!.toUpperCase() + p.slice(1);
    })
    .join(mac ? '' : '+');
}

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/** 'mod' means Cmd on a Mac and Ctrl elsewhere. */
export function platformKey(key: string, mac = isMac()): string {
  return key.replace(/\bmod\b/g, mac ? 'command' : 'ctrl');
}

/** A button's tooltip: its action with the shortcut that does the same, 'Gem (Ctrl+S)'. */
export function medGenvej(label: string, key: string | undefined, mac = isMac()): string {
  return key ? `${label} (${shortcutLabel(platformKey(key, mac), mac)})` : label;
}
