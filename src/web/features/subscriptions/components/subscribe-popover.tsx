import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { MessageKey } from '../../../../shared/i18n/translator';
import { messages } from '../../../../shared/messages';
import type { PortalView } from '../../../../shared/portal';
import { SubscriberEmail, type SubscriptionSource } from '../../../../shared/subscriptions';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { trackEvent } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api-client';
import { translateWithElements, useTranslator } from '../../../lib/i18n';
import { requestSubscription } from '../api/subscriptions';
import { SubscribeButton } from './subscribe-button';

type LegalLink = { label: MessageKey; href: string };

/** The organisation's terms and privacy notice, else the platform's; the note names what exists. */
export function agreementLinks(view: PortalView): LegalLink[] {
  const { customisation, platform } = view;
  const terms = customisation.termsOfServiceUrl ?? platform.termsOfServiceUrl;
  const privacy = customisation.privacyNoticeUrl ?? platform.privacyNoticeUrl;
  const links: Array<LegalLink | null> = [
    terms ? { label: 'footer.termsOfService', href: terms } : null,
    privacy ? { label: 'footer.privacyNotice', href: privacy } : null,
  ];
  return links.filter((link): link is LegalLink => link !== null);
}

const agreementByLinkCount: Record<number, MessageKey> = {
  0: 'subscribe.agreement',
  1: 'subscribe.agreementWithOne',
  2: 'subscribe.agreementWithTwo',
};

export function AgreementNote({ view }: { view: PortalView }) {
  const translator = useTranslator();
  const links = agreementLinks(view);
  const linkClassName = 'font-medium text-brand-ink underline underline-offset-2';
  const [first, second] = links.map((link) => (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
      {translator.t(link.label)}
    </a>
  ));
  return (
    <p className="text-xs leading-5 text-slate-600" data-testid="subscribe-agreement">
      {translateWithElements(translator, agreementByLinkCount[links.length]!, {
        organisation: view.organisation.name,
        first,
        second,
      })}
    </p>
  );
}

/** The shared schema's English problem, said in the page's language. */
function emailProblemKey(problem: string | undefined): MessageKey {
  if (problem === messages.emailRequired) return 'subscribe.emailRequired';
  if (problem === messages.emailTooLong) return 'subscribe.emailTooLong';
  return 'subscribe.emailInvalid';
}

type SubscribePopoverProps = {
  view: PortalView;
  isOpen: boolean;
  source: SubscriptionSource;
  onOpenChange: (isOpen: boolean) => void;
};

/** '{org} updates': e-mail field, agreement note, Subscribe (spec 1 §2 Subscribe popover). */
export default function SubscribePopover({ view, isOpen, source, onOpenChange }: SubscribePopoverProps) {
  const translator = useTranslator();
  const { t } = translator;
  const id = useId();
  const emailId = `${id}-email`;
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);
  // The popover stays open on failure, so it says so itself: a toast would lie under it (decision 231).
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SubscriberEmail.safeParse(email);
    if (!parsed.success) {
      setEmailError(t(emailProblemKey(parsed.error.issues[0]?.message)));
      return;
    }
    setEmailError(undefined);
    setFailure(null);
    setSubmitting(true);
    try {
      await requestSubscription(view.organisation.slug, {
        email: parsed.data,
        source,
        locale: translator.locale,
      });
      setEmail('');
      onOpenChange(false);
      toast.success(t('subscribe.checkEmail'));
    } catch (error) {
      const fieldError = isApiError(error) ? error.fields['body.email'] : undefined;
      if (fieldError) setEmailError(t('subscribe.emailInvalid'));
      else setFailure(t('subscribe.unknownError'));
      trackEvent({
        name: 'subscribe_failed',
        props: { action: 'subscribe', source, status: isApiError(error) ? error.status : 0 },
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Popover open={isOpen} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <SubscribeButton />
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={16}
        aria-labelledby={`${id}-title`}
        className="w-[min(24rem,calc(100vw-2rem))] rounded-2xl p-5 shadow-xl motion-safe:animate-[attest-fade-in_120ms_ease-out]"
        data-testid="subscribe-popover"
      >
        <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight text-slate-900">
          {t('subscribe.title', { organisation: view.organisation.name })}
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          {t('subscribe.intro', { organisation: view.organisation.name })}
        </p>
        <form className="mt-4 space-y-4" noValidate onSubmit={submit}>
          <Field
            id={emailId}
            label={t('subscribe.emailLabel')}
            hint={t('subscribe.emailHint')}
            error={emailError}
          >
            <Input
              id={emailId}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('subscribe.emailPlaceholder')}
              value={email}
              isInvalid={Boolean(emailError)}
              aria-describedby={describedBy(emailId, emailError)}
              onChange={(event) => {
                setEmail(event.target.value);
                setFailure(null);
              }}
            />
          </Field>
          <AgreementNote view={view} />
          {failure ? (
            <p
              role="alert"
              className="rounded-lg bg-red-700 px-3 py-2 text-sm text-white"
              data-testid="subscribe-failure"
            >
              {failure}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {t('subscribe.button')}
          </Button>
        </form>
        <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
          {translateWithElements(translator, 'subscribe.orChannel', {
            channelLink: (
              <a
                href={`/${view.organisation.slug}/subscribe/channel`}
                className="font-medium text-brand-ink underline underline-offset-4"
              >
                {t('subscribe.channelLink')}
              </a>
            ),
          })}
        </p>
      </PopoverContent>
    </Popover>
  );
}
