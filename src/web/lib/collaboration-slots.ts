import { type ComponentType, createContext } from 'react';
import type { ItemView } from '../../shared/cards';
import type { PortalView } from '../../shared/portal';

export type ItemConversationProps = { view: PortalView; item: ItemView };

/**
 * The comments feature's 'Conversation' section in an expanded item (spec 2 §2), passed by the portal
 * page for signed-in members when comments are enabled, so the cards feature never imports it.
 */
export const ItemConversationSlot = createContext<ComponentType<ItemConversationProps> | null>(null);
