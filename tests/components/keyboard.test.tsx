// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bindShortcut,
  liveLayers,
  medGenvej,
  normaliseKey,
  openLayer,
  platformKey,
  shortcutLabel,
} from '../../src/app/lib/keyboard';
import { hasRequiredParams, tabCommands } from '../../src/app/palette/commands';
import { APPENS_VISNINGER } from '../../src/app/views';
import { workspaceCommands } from '../../src/app/workspace/commands';
import { shortcutConflicts } from '../../src/app/workspace/kommando';
import { registrerVisninger } from '../../src/app/workspace/visninger';
import { ressourcerFor } from '../../src/contract/roles';

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const code = key.length === 1 ? `Key${key.toUpperCase()}` : key;
  const keyCode =
    key.length === 1
      ? key.toUpperCase().charCodeAt(0)
      : ({ F6: 117, Escape: 27 } as Record<string, number>)[key];
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, code, keyCode, bubbles: true, ...init } as KeyboardEventInit),
  );
  target.dispatchEvent(
    new KeyboardEvent('keyup', { key, code, keyCode, bubbles: true, ...init } as KeyboardEventInit),
  );
};

describe('keyboard focus stack', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  it('gives a key to the topmost live layer that binds it', () => {
    const global = vi.fn();
    const tile = vi.fn();
    cleanups.push(bindShortcut('global', 'g', global), bindShortcut('tile', 'g', tile));
    press('g');
    expect(global).toHaveBeenCalledTimes(1);
    cleanups.push(openLayer('tile'));
    press('g');
    expect(tile).toHaveBeenCalledTimes(1);
    expect(global).toHaveBeenCalledTimes(1);
  });

  it('lets nothing below a modal or the palette fire', () => {
    const global = vi.fn();
    cleanups.push(bindShortcut('global', 'ctrl+k', global));
    const close = openLayer('modal');
    expect(liveLayers()).toEqual(['modal']);
    press('k', { ctrlKey: true });
    expect(global).not.toHaveBeenCalled();
    close();
    press('k', { ctrlKey: true });
    expect(global).toHaveBeenCalledTimes(1);
  });

  it('never fires single-letter shortcuts while typing, but does fire modified ones', () => {
    const letter = vi.fn();
    const modified = vi.fn();
    cleanups.push(bindShortcut('global', 'g', letter), bindShortcut('global', 'ctrl+k', modified));
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    press('g', {}, input);
    press('k', { ctrlKey: true }, input);
    expect(letter).not.toHaveBeenCalled();
    expect(modified).toHaveBeenCalledTimes(1);
    input.remove();
  });

  it("takes a character by what the key types: '?' on a Danish keyboard is Shift and the key right of 0", () => {
    const sheet = vi.fn();
    const split = vi.fn();
    cleanups.push(bindShortcut('global', '?', sheet), bindShortcut('global', 'ctrl+<', split));
    const danish = (init: KeyboardEventInit) =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));
    danish({ key: '?', code: 'Minus', keyCode: 187, shiftKey: true });
    expect(sheet).toHaveBeenCalledTimes(1);
    // The US position of '?' types '_' on a Danish keyboard: no sheet.
    danish({ key: '_', code: 'Slash', keyCode: 189, shiftKey: true });
    expect(sheet).toHaveBeenCalledTimes(1);
    danish({ key: '<', code: 'IntlBackslash', keyCode: 226, ctrlKey: true });
    expect(split).toHaveBeenCalledTimes(1);
  });

  it('spells and shows shortcuts the way users know them', () => {
    expect(normaliseKey('Shift+Ctrl+K')).toBe('ctrl+shift+k');
    expect(platformKey('mod+k', true)).toBe('command+k');
    expect(platformKey('mod+k', false)).toBe('ctrl+k');
    expect(shortcutLabel('ctrl+shift+k', false)).toBe('Ctrl+Shift+K');
    expect(shortcutLabel('command+k', true)).toBe('⌘K');
    expect(medGenvej('Gem', 'mod+s', false)).toBe('Gem (Ctrl+S)');
    expect(medGenvej('Gem', 'mod+s', true)).toBe('Gem (⌘S)');
    expect(medGenvej('Luk', undefined, false)).toBe('Luk');
    expect(shortcutLabel('?', false)).toBe('?');
    expect(normaliseKey('shift+?')).toBe('?');
    expect(shortcutLabel('alt+plus', false)).toBe('Alt++');
    expect(medGenvej('Del til højre', ['mod+\\', 'ctrl+<'], false)).toBe(
      'Del til højre (Ctrl+\\ eller Ctrl+<)',
    );
  });
});

describe('command registry', () => {
  // The features' tab rules, as the app's composition root hands them to the workspace.
  beforeAll(() => registrerVisninger(APPENS_VISNINGER));

  it('has no two workspace commands sharing a key, on any platform', () => {
    const commands = workspaceCommands(ressourcerFor(['SystemAdmin']));
    expect(shortcutConflicts(commands, false)).toEqual([]);
    expect(shortcutConflicts(commands, true)).toEqual([]);
  });

  it('detects commands live together that share a key, whatever their spelling', () => {
    const run = () => {};
    const conflicts = shortcutConflicts([
      { id: 'a', label: 'A', group: 'x', layer: 'tile', shortcut: 'g', run },
      { id: 'b', label: 'B', group: 'x', layer: 'tile', shortcut: 'G', run },
      { id: 'c', label: 'C', group: 'x', layer: 'global', shortcut: 'shift+ctrl+k', run },
      { id: 'd', label: 'D', group: 'x', layer: 'tile', shortcut: 'ctrl+shift+k', run },
    ]);
    expect(conflicts).toEqual(['g (a / b)', 'ctrl+shift+k (c / d)']);
  });

  it("offers the focused tile's tabs as commands, leaving out a tab its rules disable", () => {
    const ctx = (flags: Record<string, unknown>) => ({
      ressourcer: ressourcerFor(['SagsbehandlerVirksomhed']),
      focusedPath: '/virksomheder/7/tilsyn',
      focusedFlags: flags,
      tileCommands: [],
      open: () => {},
    });
    const ids = (flags: Record<string, unknown>) => tabCommands(ctx(flags)).map((c) => c.id);
    expect(ids({ omfattetAfBrugerbetaling: true })).toContain('tab:virksomhed-brugerbetaling');
    expect(ids({ omfattetAfBrugerbetaling: false })).not.toContain('tab:virksomhed-brugerbetaling');
    // The tab the tile is on is not a command; the other tabs are.
    expect(ids({})).not.toContain('tab:virksomhed-tilsyn');
    expect(ids({})).toContain('tab:virksomhed-stamoplysninger');
  });

  it('knows which routes need parameters', () => {
    expect(hasRequiredParams('/vandanlaeg/:id/indtag/:boringid?')).toBe(true);
    expect(hasRequiredParams('/admin/frasebibliotek/:fraseid?')).toBe(false);
    expect(hasRequiredParams('/rapport/tilsyn')).toBe(false);
  });
});
