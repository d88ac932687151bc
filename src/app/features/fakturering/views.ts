import type { TabRegler } from '../../routes/tabs';

/**
 * Invoicing (spec 000 §6). Its screens are not built yet (src/app/workspace/views.tsx marks its
 * routes so); its views register here when they are. The failed-transfers tab is shown only when the
 * customer has the economic integration: the invoicing view publishes `oekonomiIntegration` (loaded
 * on entering /fakturering) to its tile.
 */
export const tabRegler = {
  'fakturering-fakturafejledeoversigt': { synlig: (c) => c.flags?.oekonomiIntegration === true },
} satisfies TabRegler;
