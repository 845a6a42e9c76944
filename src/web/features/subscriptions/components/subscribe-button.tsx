import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { useTranslator } from '../../../lib/i18n';

/** The Subscribe button; the popover module uses the same button as its trigger, so nothing shifts. */
export function SubscribeButton(props: ComponentProps<'button'>) {
  const { t } = useTranslator();
  return (
    <button type="button" className={buttonClassName('secondary')} data-testid="subscribe-button" {...props}>
      <Bell className="size-4" aria-hidden />
      {t('subscribe.button')}
    </button>
  );
}
