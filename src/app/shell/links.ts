import { byFavoritType, detailPath } from '../../contract/entitet';
import type { Favorit } from '../../contract/session';
import { PRODUCT_DOMAIN } from './environment';

/** External pages of the user menu (spec 000 §2.4). */
export const NYHEDSBREV_URL = `https://www.${PRODUCT_DOMAIN}/nyhedsbrev`;
export const SUPPORT_URL = `https://support.${PRODUCT_DOMAIN}/`;

/** Where the Systemadministration entry goes (route kundemoduler). */
export const KUNDEMODULER_PATH = '/systemadmin/kundemoduler';

/** The stamoplysninger page of a favourite (routes virksomhed-, landbrug-, vandanlaeg-stamoplysninger). */
export function favoritPath(favorit: Pick<Favorit, 'virksomhedId' | 'virksomhedType'>): string {
  return detailPath(byFavoritType(favorit.virksomhedType), favorit.virksomhedId);
}

/** Notification types (spec 000 §3) and the page each links to (§2.3). */
export const NOTIFIKATION_LINKS: Record<1 | 2 | 3, string> = {
  1: '/frister/dmastatus',
  2: '/frister/jupiterstatus',
  3: '/admin/jupiterCertifikat',
};
