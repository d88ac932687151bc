/** The product's name, as the logo, the browser tab title and the footer show it. */
export const PRODUCT_NAME = 'Miljøtilsyn';
