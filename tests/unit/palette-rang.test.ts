import { describe, expect, it } from 'vitest';
import { routeCommands } from '../../src/app/palette/commands';
import { type PaletteSektion, queryWords, rangAf, rangordn } from '../../src/app/palette/rang';
import { workspaceCommands } from '../../src/app/workspace/commands';
import { type Command, GROUP } from '../../src/app/workspace/kommando';
import { ALLE_ROLLER_UDEN_TIMEOUT, ressourcerFor } from '../../src/contract/roles';

const alle = ressourcerFor(ALLE_ROLLER_UDEN_TIMEOUT);
/** The registry as the palette has it for a user with every role: route and workspace commands. */
const registry = (): Command[] => [
  ...workspaceCommands(alle),
  ...routeCommands({ ressourcer: alle, open: () => {} }),
];

/** What the palette shows, in order: command labels, and 'ENTITETER' where the server's results go. */
const vist = (sections: PaletteSektion<Command>[]) =>
  sections.flatMap((s) =>
    s.kind === 'commands' ? s.commands.map((c) => c.label) : s.kind === 'entities' ? ['ENTITETER'] : [],
  );

const cmd = (label: string, group: string, keywords: string[] = []): Command => ({
  id: label,
  label,
  group,
  keywords,
  layer: 'global',
  run: () => {},
});

describe('the palette ranks pages by their words', () => {
  it("'validering': the validation pages come before the server's entities (a water plant with a similar name)", () => {
    const shown = vist(rangordn('validering', registry()));
    expect(shown[0]).toMatch(/^Validering: /);
    const entiteter = shown.indexOf('ENTITETER');
    expect(shown.slice(0, entiteter).every((l) => /^Validering: /.test(l))).toBe(true);
    expect(shown.slice(0, entiteter).length).toBeGreaterThanOrEqual(5);
  });

  it("'jupiter': 'Frister: Jupiter-status' first; 'Validering: Kontaktpersoner' (only its path says jupiter) after the entities", () => {
    const shown = vist(rangordn('jupiter', registry()));
    expect(shown[0]).toBe('Frister: Jupiter-status');
    expect(shown.indexOf('Administration: Jupiter-certifikat')).toBeLessThan(shown.indexOf('ENTITETER'));
    expect(shown.indexOf('Validering: Kontaktpersoner')).toBeGreaterThan(shown.indexOf('ENTITETER'));
  });

  it('weighs a whole word over the start of a word over inside the name over keywords only', () => {
    const c = cmd('Validering: Oppumpede mængder, anlæg', 'Validering', [
      '/validering/oppumpedemaengeranlaeg',
    ]);
    expect(rangAf(c, ['maengder'])!.trin).toBe(4);
    expect(rangAf(c, ['maeng'])!.trin).toBe(3);
    expect(rangAf(c, ['pumpede'])!.trin).toBe(2);
    expect(rangAf(c, ['oppumpedemaeng'])!.trin).toBe(1);
    expect(rangAf(c, ['vandproever'])).toBeNull();
    // Case, accents and æ/ø/å do not count; every word must be found, the weakest decides.
    expect(rangAf(c, queryWords('MÆNGDER'))!.trin).toBe(4);
    expect(rangAf(c, ['validering', 'anlaeg'])!.trin).toBe(4);
    expect(rangAf(c, ['validering', 'oppumpedemaeng'])!.trin).toBe(1);
  });

  it('a page whose name holds every typed word before one that holds only some of them in its name', () => {
    const a = cmd('Rapport: Tilsyn', 'Rapporter', ['/rapport/tilsyn']);
    const b = cmd('Planlægning: Oversigt', 'Planlægning', ['/planlaegning/oversigt tilsyn']);
    expect(vist(rangordn('tilsyn', [b, a]))).toEqual([
      'Rapport: Tilsyn',
      'ENTITETER',
      'Planlægning: Oversigt',
    ]);
    // Both words in the name beat one in the name and one in the keywords.
    const c = cmd('Rapport: Tilsyn i år', 'Rapporter', []);
    const d = cmd('Rapport: Håndhævelser', 'Rapporter', ['tilsyn']);
    expect(vist(rangordn('rapport tilsyn', [d, c]))).toEqual([
      'Rapport: Tilsyn i år',
      'Rapport: Håndhævelser',
      'ENTITETER',
    ]);
  });

  it('a whole word before the start of one; among equals the shorter name (more of it typed)', () => {
    const lang = cmd('Administration: Jupiter-certifikat', 'Administration');
    const kort = cmd('Frister: Jupiter-status', 'Frister');
    const start = cmd('Frister: Jupiterstatus', 'Frister');
    expect(vist(rangordn('jupiter', [start, lang, kort]))).toEqual([
      'Frister: Jupiter-status',
      'Frister: Jupiterstatus',
      'Administration: Jupiter-certifikat',
      'ENTITETER',
    ]);
  });

  it("nothing typed: the focused tile's commands, recent items, then the registry's order", () => {
    const t = cmd('Gem', GROUP.tile);
    const w = cmd('Luk feltet', GROUP.workspace);
    const r = cmd('Rapport: Tilsyn', 'Rapporter');
    expect(rangordn('  ', [t, w, r]).map((s) => (s.kind === 'commands' ? s.group : s.kind))).toEqual([
      GROUP.tile,
      'recent',
      'entities',
      GROUP.workspace,
      'Rapporter',
    ]);
  });

  it("a name or number no page has: the server's entities alone", () => {
    expect(vist(rangordn('12345678', registry()))).toEqual(['ENTITETER']);
    expect(vist(rangordn('autoværksted', registry()))).toEqual(['ENTITETER']);
  });
});
