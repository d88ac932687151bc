import type { RapportDef } from '../../contract/rapport';
import type { RapportNavn } from '../../contract/rapport-sider';
import { RAPPORTER } from '../../contract/rapporter';
import { harAdgang, LAESERET } from '../../contract/roles';
import type { SessionUser } from '../auth/session-user';
import { forbidden, notFound } from '../http/errors';
import { KILDER } from './kilder';
import type { RapportKilde } from './motor';

/**
 * A report the user may run: its declaration, its SQL source, and the company types (1 company,
 * 2 farm, 3 water plant) whose read right the user holds, which a report over several types shows.
 * 404 for a report that is not declared; 403 without the report's right.
 */
export function rapportForBruger(
  user: SessionUser,
  navn: RapportNavn,
): { def: RapportDef; kilde: RapportKilde; typer: number[] } {
  const def = RAPPORTER[navn];
  const kilde = KILDER[navn];
  if (!def || !kilde) throw notFound('Rapporten');
  if (!harAdgang(user.ressourcer, def.access))
    throw forbidden(`Kræver en af rettighederne: ${def.access.split('||').join(' eller ')}`);
  const typer = ([1, 2, 3] as const).filter((t) => user.ressourcer.has(LAESERET[t]));
  return { def, kilde, typer };
}
