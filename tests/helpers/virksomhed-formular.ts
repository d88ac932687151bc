/**
 * The body of a save of a company's master data (PUT virksomhed/{id}/basis) from the company as
 * GET virksomhed/{id} answers it: every editable basis field as it stands, the locality and the version,
 * with `changes` over them. Plain TypeScript: the API tests and the end-to-end tests both use it.
 */
export function basisKrop(
  d: { version: number; basis: object; lokalitet: object },
  changes: Record<string, unknown> = {},
): Record<string, unknown> {
  const {
    virksomhedstype,
    slettet,
    branche,
    bibrancher,
    aktivitetsListe,
    dmaSenestOpdateringDato,
    ...basis
  } = d.basis as Record<string, unknown>;
  void [virksomhedstype, slettet, branche, bibrancher, aktivitetsListe, dmaSenestOpdateringDato];
  const { matrikler, grunde, bygningerOgAnlaeg, ejere } = d.lokalitet as Record<string, unknown>;
  return {
    ...basis,
    lokalitet: { matrikler, grunde, bygningerOgAnlaeg, ejere },
    version: d.version,
    ...changes,
  };
}
