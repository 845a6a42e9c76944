import { createContext, type ReactNode } from 'react';

/**
 * What the portal page puts at the end of the site header (the access feature's sign-in entry or
 * account menu), so the header shows it without the portal feature importing the access feature.
 */
export const HeaderEndSlot = createContext<ReactNode>(null);

/**
 * What the portal page puts at the end of the overview's facts row (the subscriptions feature's
 * Subscribe button and its dialogs), so it sits in the hero rather than on a row of its own.
 */
export const HeroActionSlot = createContext<ReactNode>(null);
