// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRASE_GENVEJ } from '../../src/app/lib/frase-maal';
import {
  matchesShortcut,
  NAMED_KEYS,
  normaliseKey,
  parseShortcut,
  platformKey,
  shortcutsOf,
} from '../../src/app/lib/keyboard';
import { workspaceCommands } from '../../src/app/workspace/commands';
import { ALLE_ROLLER_UDEN_TIMEOUT, ressourcerFor } from '../../src/contract/roles';

/**
 * Every shortcut can be typed on a Danish keyboard (and a US one) without AltGr. A layout is a table
 * of keys, by `event.code`: what the key types alone, with Shift, and with AltGr. '†' marks a dead key
 * (´ ` ¨ ^ ~ wait for the next key and type nothing on their own).
 */
type Layout = Record<string, [base: string, shift: string, altGr?: string]>;

const letters = (): Layout =>
  Object.fromEntries(
    'abcdefghijklmnopqrstuvwxyz'.split('').map((l) => [`Key${l.toUpperCase()}`, [l, l.toUpperCase()]]),
  );

/** Danish (PC, ISO): '\' and '|' only with AltGr; '?' is Shift++, '/' Shift+7, '<' left of Z. */
const DANSK: Layout = {
  ...letters(),
  KeyE: ['e', 'E', '€'],
  KeyM: ['m', 'M', 'µ'],
  Backquote: ['½', '§'],
  Digit1: ['1', '!'],
  Digit2: ['2', '"', '@'],
  Digit3: ['3', '#', '£'],
  Digit4: ['4', '¤', '$'],
  Digit5: ['5', '%', '€'],
  Digit6: ['6', '&'],
  Digit7: ['7', '/', '{'],
  Digit8: ['8', '(', '['],
  Digit9: ['9', ')', ']'],
  Digit0: ['0', '=', '}'],
  Minus: ['+', '?'],
  Equal: ['†´', '†`', '|'],
  BracketLeft: ['å', 'Å'],
  BracketRight: ['†¨', '†^', '†~'],
  Semicolon: ['æ', 'Æ'],
  Quote: ['ø', 'Ø'],
  Backslash: ["'", '*'],
  IntlBackslash: ['<', '>', '\\'],
  Comma: [',', ';'],
  Period: ['.', ':'],
  Slash: ['-', '_'],
};

const US: Layout = {
  ...letters(),
  Backquote: ['`', '~'],
  ...Object.fromEntries(
    ['0)', '1!', '2@', '3#', '4$', '5%', '6^', '7&', '8*', '9('].map(([d, s]) => [`Digit${d}`, [d!, s!]]),
  ),
  Minus: ['-', '_'],
  Equal: ['=', '+'],
  BracketLeft: ['[', '{'],
  BracketRight: [']', '}'],
  Backslash: ['\\', '|'],
  Semicolon: [';', ':'],
  Quote: ["'", '"'],
  Comma: [',', '<'],
  Period: ['.', '>'],
  Slash: ['/', '?'],
};

/**
 * The keydown a user makes for a shortcut on a layout, or why it cannot be typed there. Ctrl+Alt
 * with a character is refused too: on Windows AltGr is Ctrl+Alt, so it would type a character.
 */
function keydownFor(spelling: string, layout: Layout): KeyboardEvent | string {
  const p = parseShortcut(platformKey(spelling, false));
  const mods = { ctrlKey: p.ctrl, altKey: p.alt, metaKey: p.command };
  if (p.kind === 'named') {
    const key = NAMED_KEYS[p.key];
    if (!key) return `ukendt tast ${p.key}`;
    return new KeyboardEvent('keydown', { key, code: key, shiftKey: p.shift, ...mods });
  }
  if (p.ctrl && p.alt) return 'Ctrl+Alt med et tegn er AltGr på Windows';
  for (const [code, [base, shift, altGr]] of Object.entries(layout)) {
    const level = p.kind === 'char' ? [base, shift].indexOf(p.key) : base === p.key ? (p.shift ? 1 : 0) : -1;
    if (level >= 0) {
      const key = level === 1 ? shift : base;
      return new KeyboardEvent('keydown', { key, code, shiftKey: level === 1, ...mods });
    }
    if (altGr === p.key) return `'${p.key}' kræver AltGr`;
  }
  return `'${p.key}' findes ikke på tastaturet`;
}

const typable = (spelling: string, layout: Layout) => {
  const event = keydownFor(spelling, layout);
  // The event the layout makes must be the one the keyboard mechanism takes for the shortcut.
  return typeof event !== 'string' && matchesShortcut(parseShortcut(platformKey(spelling, false)), event);
};

/** Every shortcut literal in the client's source: tile commands, panels, constants (TAST = {...}). */
function shortcutLiterals(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !path.endsWith('keyboard.ts')) files.push(path);
    }
  };
  walk('src/app');
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'((?:mod|ctrl|alt|shift|command)\+[^'\s]+)'/g)) found.add(m[1]!);
    for (const m of text.matchAll(/(?:shortcut|tast)\s*:\s*'([^'\s]{1,2})'/gi)) found.add(m[1]!);
  }
  return [...found].map((s) => s.replaceAll('\\\\', '\\'));
}

describe('shortcuts on a Danish keyboard', () => {
  const commands = workspaceCommands(ressourcerFor(ALLE_ROLLER_UDEN_TIMEOUT));

  it('the table and the check can say no: Ctrl+\\ needs AltGr, Ctrl+Alt+letter is AltGr', () => {
    expect(keydownFor('mod+\\', DANSK)).toBe("'\\' kræver AltGr");
    expect(keydownFor('mod+|', DANSK)).toBe("'|' kræver AltGr");
    expect(keydownFor('ctrl+alt+e', DANSK)).toMatch(/AltGr/);
    expect(typable('mod+\\', US)).toBe(true);
    expect(typable('ctrl+<', DANSK)).toBe(true);
  });

  it('every workspace command has a key a Danish keyboard types without AltGr, and one a US keyboard types', () => {
    const withKeys = commands.filter((c) => c.shortcut);
    expect(withKeys.length).toBeGreaterThan(15);
    const notDanish = withKeys.filter((c) => !shortcutsOf(c).some((k) => typable(k, DANSK))).map((c) => c.id);
    const notUs = withKeys.filter((c) => !shortcutsOf(c).some((k) => typable(k, US))).map((c) => c.id);
    expect(notDanish).toEqual([]);
    expect(notUs).toEqual([]);
  });

  it('every shortcut in the source (tile commands, panels, forms) is typed on a Danish keyboard, unless it is a first key with a second', () => {
    const withSecond = new Set(
      commands.filter((c) => c.altShortcut).map((c) => normaliseKey(platformKey(c.shortcut!, false))),
    );
    const all = [...shortcutLiterals(), FRASE_GENVEJ];
    expect(all.length).toBeGreaterThan(50);
    const notDanish = all.filter(
      (k) => !withSecond.has(normaliseKey(platformKey(k, false))) && !typable(k, DANSK),
    );
    expect(notDanish.map((k) => `${k}: ${keydownFor(k, DANSK) as string}`)).toEqual([]);
  });

  it('no shortcut spells Shift before a character: Shift is part of typing it', () => {
    const spelt = shortcutLiterals().filter((k) => {
      const p = parseShortcut(k);
      return p.kind === 'char' && /shift/.test(k);
    });
    expect(spelt).toEqual([]);
  });

  it("'?' is the Danish Shift++ (code Minus) and the US Shift+/; '/' is the Danish Shift+7", () => {
    const sheet = commands.find((c) => c.id === 'sheet')!;
    const p = parseShortcut(sheet.shortcut!);
    expect(
      matchesShortcut(p, new KeyboardEvent('keydown', { key: '?', code: 'Minus', shiftKey: true })),
    ).toBe(true);
    expect(
      matchesShortcut(p, new KeyboardEvent('keydown', { key: '?', code: 'Slash', shiftKey: true })),
    ).toBe(true);
    // The US position of '?' on a Danish keyboard types '_': not the sheet.
    expect(
      matchesShortcut(p, new KeyboardEvent('keydown', { key: '_', code: 'Slash', shiftKey: true })),
    ).toBe(false);
    const slash = parseShortcut('/');
    expect(
      matchesShortcut(slash, new KeyboardEvent('keydown', { key: '/', code: 'Digit7', shiftKey: true })),
    ).toBe(true);
    expect(matchesShortcut(slash, new KeyboardEvent('keydown', { key: '-', code: 'Slash' }))).toBe(false);
  });

  it('letters go by the letter typed, and by position where the key types no letter (Option on a Mac)', () => {
    const altS = parseShortcut('alt+shift+s');
    expect(
      matchesShortcut(
        altS,
        new KeyboardEvent('keydown', { key: 'S', code: 'KeyS', altKey: true, shiftKey: true }),
      ),
    ).toBe(true);
    expect(
      matchesShortcut(
        altS,
        new KeyboardEvent('keydown', { key: 'Í', code: 'KeyS', altKey: true, shiftKey: true }),
      ),
    ).toBe(true);
    expect(
      matchesShortcut(altS, new KeyboardEvent('keydown', { key: 's', code: 'KeyS', altKey: true })),
    ).toBe(false);
    // Ctrl+Alt is AltGr on Windows: Ctrl+Alt+< types '\' there, and is no Ctrl+< split.
    const split = parseShortcut('ctrl+<');
    expect(
      matchesShortcut(
        split,
        new KeyboardEvent('keydown', { key: '\\', code: 'IntlBackslash', ctrlKey: true, altKey: true }),
      ),
    ).toBe(false);
    expect(
      matchesShortcut(
        split,
        new KeyboardEvent('keydown', { key: '<', code: 'IntlBackslash', ctrlKey: true }),
      ),
    ).toBe(true);
  });
});
