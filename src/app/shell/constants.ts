/** Shell constants of spec 000 §9. */
/** Favourites and customer dropdowns scroll above this height (px). */
export const DROPDOWN_MAX_HEIGHT = 400;
/** The notification list scrolls above this height (px). */
export const NOTIFICATION_LIST_MAX_HEIGHT = 320;
/** The notification centre waits this long after opening before it fetches (ms). */
export const NOTIFICATION_LOAD_DELAY_MS = 250;
