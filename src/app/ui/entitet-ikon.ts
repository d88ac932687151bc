import { Building2, Droplet, type LucideIcon, Recycle, Tractor } from 'lucide-react';
import type { EntitetIkon } from '../../contract/entitet';

/** The lucide component of each entity kind's icon name (src/contract/entitet.ts). */
export const ENTITET_IKONER: Readonly<Record<EntitetIkon, LucideIcon>> = {
  Building2,
  Tractor,
  Droplet,
  Recycle,
};
