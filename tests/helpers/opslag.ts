/**
 * Lookup rows as the lookup lists answer them, in the given order: ids and priorities from 1; a bare
 * name gets the code K<id>, a [kode, navn] pair its own code.
 */
export const opslag = (raekker: (string | [kode: string, navn: string])[]) =>
  raekker.map((r, i) => {
    const [kode, navn] = typeof r === 'string' ? [`K${i + 1}`, r] : r;
    return {
      id: i + 1,
      brugerId: null,
      kode,
      navn,
      beskrivelse: null,
      prioritet: i + 1,
      dmaKode: true,
      aktiv: true,
    };
  });
