import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { useTranslator } from '../../../lib/i18n';
import { SharePanel, type ShareTarget } from './share-panel';
import { ShareTrigger } from './share-trigger';

/** The popover with its code loaded on first use; it opens at once, as the click asked. */
export default function SharePopover(target: ShareTarget) {
  const { t } = useTranslator();
  return (
    <Popover defaultOpen>
      <PopoverTrigger asChild>
        <ShareTrigger />
      </PopoverTrigger>
      <PopoverContent
        side="right"
        align="center"
        aria-label={t('extras.shareTitle')}
        className="w-64 rounded-xl p-2 shadow-lg"
      >
        <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('extras.shareTitle')}
        </p>
        <SharePanel {...target} />
      </PopoverContent>
    </Popover>
  );
}
