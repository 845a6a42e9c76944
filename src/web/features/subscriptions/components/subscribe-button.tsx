import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { messages } from '../../../../shared/messages';
import { buttonClassName } from '../../../components/ui/button';

/** The Subscribe button; the popover module uses the same button as its trigger, so nothing shifts. */
export function SubscribeButton(props: ComponentProps<'button'>) {
  return (
    <button type="button" className={buttonClassName('secondary')} data-testid="subscribe-button" {...props}>
      <Bell className="size-4" aria-hidden />
      {messages.subscribeButton}
    </button>
  );
}
