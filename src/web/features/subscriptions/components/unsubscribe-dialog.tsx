import { useState } from 'react';
import { toast } from 'sonner';
import type { Translator } from '../../../../shared/i18n/translator';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { trackEvent } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api-client';
import { useTranslator } from '../../../lib/i18n';
import { requestUnsubscribe } from '../api/subscriptions';
import { contactSupportNote } from '../lib/subscription-texts';
import { supportAddress } from '../lib/support-address';

type UnsubscribeDialogProps = { view: PortalView; token: string; email: string; onClose: () => void };

export function unsubscribeConfirmTexts({ t }: Translator, organisationName: string, email: string) {
  return {
    title: t('subscription.unsubscribeTitle', { organisation: organisationName }),
    description: t('subscription.unsubscribeText', { organisation: organisationName, email }),
  };
}

export function unsubscribeFailedTexts(
  translator: Translator,
  websiteUrl: string | null,
  supportMailbox: string | null = null,
) {
  return {
    title: translator.t('subscription.unsubscribeFailed'),
    description: translator.t('subscription.unsubscribeLinkExpired'),
    supportNote: contactSupportNote(translator, supportAddress(websiteUrl, supportMailbox)),
  };
}

/** Opened by ?unsubscribeToken= whose subject is an e-mail (spec 1 §2 Unsubscribe dialog). */
export default function UnsubscribeDialog({ view, token, email, onClose }: UnsubscribeDialogProps) {
  const translator = useTranslator();
  const { t } = translator;
  const [state, setState] = useState<'confirm' | 'submitting' | 'failed'>('confirm');

  async function confirm() {
    setState('submitting');
    try {
      await requestUnsubscribe(view.organisation.slug, token);
      onClose();
      toast.success(t('subscription.unsubscribed'));
    } catch (error) {
      // Spec 1 §7: unsubscribe failure is handled "as above", i.e. the subscribe failure event.
      trackEvent({
        name: 'subscribe_failed',
        props: { action: 'unsubscribe', status: isApiError(error) ? error.status : 0 },
      });
      setState('failed');
    }
  }

  const close = (isOpen: boolean) => (isOpen ? undefined : onClose());
  if (state === 'failed') {
    const texts = unsubscribeFailedTexts(
      translator,
      view.organisation.websiteUrl,
      view.customisation.supportMailbox,
    );
    return (
      <Dialog open onOpenChange={close}>
        <DialogContent title={texts.title} description={texts.description}>
          <p className="mt-3 text-sm leading-6 text-slate-600">{texts.supportNote}</p>
          <div className="mt-8 flex justify-end">
            <DialogClose asChild>
              <Button className="w-full sm:w-auto sm:min-w-28">{t('common.done')}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    );
  }
  const texts = unsubscribeConfirmTexts(translator, view.organisation.name, email);
  return (
    <Dialog open onOpenChange={close}>
      <DialogContent title={texts.title} description={texts.description}>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('documents.cancel')}</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={state === 'submitting'} data-testid="confirm-unsubscribe">
            {t('mail.unsubscribeLink')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
