import { type Ressource, ressourcerFor } from '../../contract/roles';
import type { TokenClaims } from '../../contract/session';

/** The signed-in user as every handler sees it: derived from the verified token. */
export interface SessionUser {
  brugerId: number;
  username: string;
  kundeId: number;
  kundeNavn: string;
  kundeNr: string;
  roller: string[];
  moduler: string[];
  ressourcer: Set<Ressource>;
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function sessionUserFromClaims(claims: TokenClaims): SessionUser {
  const roller = parseList(claims.roles);
  return {
    brugerId: Number(claims.userId),
    username: claims.username,
    kundeId: Number(claims.customerId),
    kundeNavn: claims.customerName,
    kundeNr: claims.municipalityNumber,
    roller,
    moduler: parseList(claims.modules),
    ressourcer: ressourcerFor(roller),
  };
}
