import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * A narrow tile (issue 30, 'Three tiles at 1440×900'): a third of a 1440-px screen is about 470 px,
 * a half about 715 px. Below this width views lay out for a narrow tile: headers and toolbars wrap,
 * side panels start closed, tables show the values a user decides on first. The CSS side of the
 * same threshold is `@container tile (max-width: 639px)` (the tile body is the container 'tile').
 */
export const SMAL_BREDDE = 640;

/** True when the element is laid out (has a width) and narrower than `bredde`. */
export function erSmal(el: Element | null | undefined, bredde = SMAL_BREDDE): boolean {
  const w = el?.getBoundingClientRect().width ?? 0;
  return w > 0 && w < bredde;
}

/**
 * Whether the element is narrower than `bredde`, measured before the first paint and again whenever
 * it is resized (a tile dragged wider or narrower).
 */
export function useSmal(ref: RefObject<Element | null>, bredde = SMAL_BREDDE): boolean {
  const [smal, setSmal] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setSmal(erSmal(el, bredde));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setSmal(erSmal(el, bredde)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, bredde]);
  return smal;
}

/**
 * The columns in the order a narrow table shows them: those marked `smalFoerst` first (in their
 * declared order), then the rest. A wide table keeps the declared order.
 */
export function smalOrden<C extends { smalFoerst?: boolean }>(kolonner: C[], smal: boolean): C[] {
  if (!smal || !kolonner.some((k) => k.smalFoerst)) return kolonner;
  return [...kolonner.filter((k) => k.smalFoerst), ...kolonner.filter((k) => !k.smalFoerst)];
}
