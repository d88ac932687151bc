import { type Ressource, ressourcerFor } from '../../contract/roles';
import { parseTextList, type TokenClaims } from '../../contract/session';

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

export function sessionUserFromClaims(claims: TokenClaims): SessionUser {
  const roller = parseTextList(claims.roles);
  return {
    brugerId: Number(claims.userId),
    username: claims.username,
    kundeId: Number(claims.customerId),
    kundeNavn: claims.customerName,
    kundeNr: claims.municipalityNumber,
    roller,
    moduler: parseTextList(claims.modules),
    ressourcer: ressourcerFor(roller),
  };
}
