/** The frame around a card's icon, live or kept from the server's markup. */
export const cardIconFrameClassName =
  'grid size-9 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-ink ring-1 ring-brand-ink/10';
