/**
 * The hand-worked period of the water rules (issue 29, docs/decisions.md 'Water data by the rules'):
 * 10.000 m³ pumped, 500 imported, 1.200 exported, 300 used by the plant, 150 for filter flushing and
 * 8.000 delivered. Line loss 850 m³; put into the network 8.850 m³; 850 ÷ 8.850 = 9,60 %.
 */
export const EKSEMPEL_PERIODE = {
  oppumpet: 10_000,
  importeret: 500,
  eksporteret: 1_200,
  egetForbrug: 300,
  filterskylning: 150,
  leveret: 8_000,
};

/** The same period as the form's fields (beregnFelter, OppumpedeMaengderBeregnedeFelter): 8.000 delivered in two lines. */
export const EKSEMPEL_FELTER = {
  vandmaengdeOppumpet: 10_000,
  importeret: 500,
  eksporteret: 1_200,
  vandvaerketsEgetForbrug: 300,
  filterskylning: 150,
  forsyning: [{ maengde: 5_000 }, { maengde: 3_000 }],
};
