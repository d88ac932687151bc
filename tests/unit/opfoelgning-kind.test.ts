import { describe, expect, it } from 'vitest';
import { OPFOELGNING_OEKONOMI } from '../../src/contract/planlaegning';
import { opretKald, recordOpretSchema } from '../../src/contract/record-kind';

/**
 * The economic follow-up row as a record kind of the planning period (issue 33): its create names
 * the period in the body (`periodeId`, the kind's `ejerFelt`), which the create call sets from the
 * owner and the form does not check; the form's check is otherwise the create's own, with its messages.
 */
const raekke = {
  tekst: 'Landbrug',
  planlagteTimer: 12.5,
  registreredeTimer: 0,
  faktureredeTimer: 0,
  planlagtBeloebOere: 476250,
  faktureretBeloebOere: 0,
  bemaerkning: null,
};

describe('the follow-up row as a record kind of the period', () => {
  it('the create call puts the period in the body; the path has no parameters', () => {
    expect(opretKald(OPFOELGNING_OEKONOMI, 42, raekke)).toEqual({
      params: {},
      body: { ...raekke, periodeId: 42 },
    });
    // What the server takes: the create's body with the period.
    expect(OPFOELGNING_OEKONOMI.egne?.opret?.body?.safeParse({ ...raekke, periodeId: 42 }).success).toBe(
      true,
    );
  });

  it('the form checks the row without the period, in the create’s Danish messages', () => {
    const schema = recordOpretSchema(OPFOELGNING_OEKONOMI);
    expect(schema.safeParse(raekke).success).toBe(true);
    const fejl = (over: Record<string, unknown>) =>
      schema.safeParse({ ...raekke, ...over }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(fejl({ planlagteTimer: 7.3 })).toEqual(['planlagteTimer: Timer angives i halve timer']);
    expect(fejl({ planlagtBeloebOere: 0.5 })).toEqual(['planlagtBeloebOere: Beløbet angives i hele øre']);
    expect(fejl({ tekst: ' ' })).toEqual(['tekst: Feltet er påkrævet']);
  });
});
