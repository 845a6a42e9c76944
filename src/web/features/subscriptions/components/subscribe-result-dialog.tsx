import type { PortalView } from '../../../../shared/portal';
import type { SubscribeStatus } from '../../../../shared/subscriptions';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useTranslator } from '../../../lib/i18n';
import { subscribeResultTexts } from '../lib/subscription-texts';
import { supportAddress } from '../lib/support-address';

type ResultProps = { status: SubscribeStatus; view: PortalView; basePath: string };

/** The note and button under the title; the way out is Done, or Try again for an expired link. */
export function SubscribeResultActions({ status, view, basePath }: ResultProps) {
  const translator = useTranslator();
  const texts = subscribeResultTexts(
    translator,
    status,
    view.organisation.name,
    supportAddress(view.organisation.websiteUrl, view.customisation.supportMailbox),
  );
  return (
    <>
      {texts.supportNote ? (
        <p className="mt-3 text-sm leading-6 text-slate-600">{texts.supportNote}</p>
      ) : null}
      <div className="mt-8 flex justify-end">
        {texts.action === 'try_again' ? (
          <a href={`${basePath || '/'}?subscribe=true`} className={buttonClassName('primary')}>
            {translator.t('common.tryAgain')}
          </a>
        ) : (
          <DialogClose asChild>
            <Button className="w-full sm:w-auto sm:min-w-28">{translator.t('common.done')}</Button>
          </DialogClose>
        )}
      </div>
    </>
  );
}

/** Opened by ?subscribeStatus= after the confirmation page (spec 1 §2 Subscribe result modal). */
export default function SubscribeResultDialog({ onClose, ...props }: ResultProps & { onClose: () => void }) {
  const texts = subscribeResultTexts(useTranslator(), props.status, props.view.organisation.name, null);
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={texts.title} description={texts.description}>
        <div data-testid="subscribe-result">
          <SubscribeResultActions {...props} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
