import { describe, expect, it } from 'vitest';
import { type TabContext, type TabFlags, type TabRegler, visibleTabs } from '../../src/app/routes/tabs';
import { TAB_REGLER } from '../../src/app/tab-regler';
import { ressourcerFor } from '../../src/contract/roles';
import { DEMO_BRUGERE } from '../../src/server/db/demo-brugere';

const ressourcerOf = (username: string) =>
  ressourcerFor(DEMO_BRUGERE.find((b) => b.username === username)?.roller ?? []);

const tabs = (parent: Parameters<typeof visibleTabs>[0], username: string, flags?: TabFlags) =>
  visibleTabs(parent, { ressourcer: ressourcerOf(username), flags, regler: TAB_REGLER }).map(
    (t) => `${t.route.title}${t.enabled ? '' : ' (disabled)'}`,
  );

describe('visibleTabs', () => {
  it('company tabs in spec order; brugerbetaling enabled only when omfattetAfBrugerbetaling', () => {
    const all = [
      'Stamoplysninger',
      'Tilsyn',
      'Håndhævelser',
      'Afgørelser',
      'Risikovurdering',
      'Fyringsanlæg',
      'Brugerbetaling',
      'Opbevaringslagre',
    ];
    expect(tabs('virksomhed-detalje', 'virksomhed', { omfattetAfBrugerbetaling: true })).toEqual(all);
    const disabled = all.map((t) => (t === 'Brugerbetaling' ? 'Brugerbetaling (disabled)' : t));
    expect(tabs('virksomhed-detalje', 'virksomhed')).toEqual(disabled);
    expect(tabs('virksomhed-detalje', 'virksomhed', { omfattetAfBrugerbetaling: false })).toEqual(disabled);
    expect(tabs('landbrug-detalje', 'landbrug')).toEqual([...disabled, 'Dyrehold']);
    expect(tabs('virksomhed-detalje', 'vand')).toEqual([]);
  });

  it('SAT and water-plant tabs', () => {
    expect(tabs('affaldstilsyn-detalje', 'affald')).toEqual([
      'Affaldstilsyn',
      'Opfølgende tilsyn',
      'Håndhævelser',
      'Brugerbetaling',
    ]);
    expect(tabs('vandanlaeg-detalje', 'laeser')).toEqual([
      'Stamoplysninger',
      'Boring / indtag',
      'Tilladelser',
      'Tilsyn / opfølgning',
      'Håndhævelser',
      'Diadem',
      'Mængder',
      'Faste prøvetagningssteder',
      'Vandprøver',
    ]);
    expect(tabs('planlaegningsperiode-detalje', 'planlaegger')).toEqual([
      'Tilsynsplan',
      'Ressourcer',
      'Kategori 1a + 1b',
      'Kategori 2',
    ]);
  });

  it('admin: minimapkoblinger, BrugerAdministration and JupiterCertifikat need KOMMUNE_ADMIN', () => {
    expect(tabs('admin', 'kommuneadmin')).toEqual([
      'Frasebibliotek',
      'Minimapkoblinger',
      'Administrative oplysninger',
      'Dokumentskabeloner',
      'Brugeradministration',
      'Jupiter-certifikat',
    ]);
    const sagsbehandlerAdmin = visibleTabs('admin', {
      ressourcer: ressourcerFor(['SagsbehandlerAdmin']),
      regler: TAB_REGLER,
    });
    expect(sagsbehandlerAdmin.map((t) => t.route.name)).toEqual([
      'admin-frasebibliotek',
      'admin-administrativeoplysninger',
      'admin-dokumentskabeloner',
    ]);
  });

  it('frister: dmastatus for landbrug/virksomhed caseworkers, jupiterstatus for vandanlaeg caseworkers', () => {
    expect(tabs('frister', 'laeser')).toEqual(['Opfølgning']);
    expect(tabs('frister', 'virksomhed')).toEqual(['Opfølgning', 'DMA-status']);
    expect(tabs('frister', 'landbrug')).toEqual(['Opfølgning', 'DMA-status']);
    expect(tabs('frister', 'vand')).toEqual(['Opfølgning', 'Jupiter-status']);
    expect(tabs('frister', 'admin')).toEqual(['Opfølgning', 'DMA-status', 'Jupiter-status']);
  });

  it('fakturering: failed transfers only with the economic flag, gebyrtyper only with OKONOMI_ADMIN', () => {
    const base = ['Fakturaforslag', 'Godkendte fakturaforslag', 'Fakturaoversigt'];
    expect(tabs('fakturering', 'virksomhed')).toEqual([...base, 'Opfølgning økonomi']);
    expect(tabs('fakturering', 'oekonomi', { oekonomiIntegration: true })).toEqual([
      ...base,
      'Fejlede overførsler',
      'Gebyrtyper',
      'Opfølgning økonomi',
    ]);
    expect(tabs('fakturering', 'oekonomi', { oekonomiIntegration: false })).not.toContain(
      'Fejlede overførsler',
    );
  });

  it('the core holds no domain flag: record-dependent tabs follow the rules features declare', () => {
    const ressourcer = ressourcerOf('admin');
    const names = (parent: Parameters<typeof visibleTabs>[0], ctx: Omit<TabContext, 'ressourcer'>) =>
      visibleTabs(parent, { ressourcer, ...ctx }).map(
        (t) => `${t.route.name}${t.enabled ? '' : ' (disabled)'}`,
      );
    // Without the features' rules the flags mean nothing: every tab the user may open is shown, enabled.
    expect(names('virksomhed-detalje', { regler: {} })).toContain('virksomhed-brugerbetaling');
    expect(names('fakturering', { regler: {} })).toContain('fakturering-fakturafejledeoversigt');
    // A rule reads whatever the view published.
    const regler: TabRegler = { 'virksomhed-tilsyn': { synlig: (c) => c.flags?.tilsyn === 'ja' } };
    expect(names('virksomhed-detalje', { regler })).not.toContain('virksomhed-tilsyn');
    expect(names('virksomhed-detalje', { regler, flags: { tilsyn: 'ja' } })).toContain('virksomhed-tilsyn');
    // A feature's rule cannot lift the specification's own (minimapkoblinger needs KOMMUNE_ADMIN).
    const admin = visibleTabs('admin', {
      ressourcer: ressourcerFor(['SagsbehandlerAdmin']),
      regler: { 'admin-minimapkoblinger': { synlig: () => true } },
    });
    expect(admin.map((t) => t.route.name)).not.toContain('admin-minimapkoblinger');
  });

  it('other sections', () => {
    expect(tabs('rapport', 'laeser')).toHaveLength(18);
    expect(tabs('validering', 'vand')).toHaveLength(6);
    expect(tabs('systemadmin', 'admin')).toEqual(['Kundemoduler']);
    expect(tabs('systemadmin', 'kommuneadmin')).toEqual([]);
  });
});
