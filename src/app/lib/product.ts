/** The product's name, as the logo, the browser tab title and the footer show it. */
export const PRODUCT_NAME = 'Miljøtilsyn';

/** Browser tab title: product name, plus ' - ' and the active customer's name when there is one. */
export function documentTitle(kundeNavn: string | null | undefined): string {
  return kundeNavn ? `${PRODUCT_NAME} - ${kundeNavn}` : PRODUCT_NAME;
}
