import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accessMessages, LoginInput, type LoginResult } from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useTranslator } from '../../../lib/i18n';
import { login } from '../api/access-api';
import { useAccessTexts } from '../lib/access-texts';
import { submitFailure } from '../lib/submit-errors';
import { FormAlert } from './form-parts';

type LoginFormProps = {
  view: PortalView;
  defaultEmail: string;
  inviteToken: string | null;
  onResult(result: LoginResult): 'done' | 'not_work_email';
  onBack(): void;
  onRequestAccess(email: string): void;
};

type LoginValues = z.input<typeof LoginInput>;

/** The login tab (spec 3 §2, §5): work e-mail, 'Continue', 'Back to {portal title}'. */
export function LoginForm({
  view,
  defaultEmail,
  inviteToken,
  onResult,
  onBack,
  onRequestAccess,
}: LoginFormProps) {
  const accessTexts = useAccessTexts();
  const { t } = useTranslator();
  const id = useId();
  const emailId = `${id}-email`;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginValues, unknown, z.output<typeof LoginInput>>({
    resolver: zodResolver(LoginInput),
    defaultValues: {
      email: defaultEmail,
      productId: view.product.productId,
      ...(inviteToken ? { inviteToken } : {}),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const emailError = errors.email?.message;

  useEffect(() => form.setFocus('email'), [form]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await login(view.organisation.slug, values);
      if (onResult(result) === 'not_work_email') {
        form.setError('email', { message: accessMessages.notWorkEmail }, { shouldFocus: true });
      }
    } catch (error) {
      const failure = submitFailure(error);
      if (failure.fields.email) form.setError('email', { message: failure.fields.email });
      setFormError(failure.fields.email ? null : failure.message);
    }
  });

  return (
    <form className="mt-6 space-y-5" noValidate onSubmit={submit} data-testid="login-form">
      <Field id={emailId} label={accessTexts.workEmail} error={emailError}>
        <Input
          id={emailId}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('subscribe.emailPlaceholder')}
          isInvalid={Boolean(emailError)}
          aria-describedby={describedBy(emailId, emailError)}
          {...form.register('email')}
        />
      </Field>
      <input type="hidden" {...form.register('productId')} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-col gap-2">
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? accessTexts.submitting : accessMessages.continue}
        </Button>
        <Button variant="ghost" onClick={onBack} className="w-full">
          {accessTexts.backTo(view.customisation.portalTitle)}
        </Button>
      </div>
      <div className="space-y-2 border-t border-slate-200 pt-4 text-sm text-slate-600">
        <p>
          {accessTexts.noAccessYet}{' '}
          <button
            type="button"
            className="font-medium text-brand-ink underline underline-offset-2"
            onClick={() => onRequestAccess(form.getValues('email'))}
          >
            {accessMessages.requestAccessTitle}
          </button>
        </p>
        {view.customisation.showAppLoginInstructions ? (
          <p data-testid="workspace-login-hint">
            {accessTexts.workAtOrganisation(view.organisation.name)}{' '}
            <a href="/console" className="font-medium text-brand-ink underline underline-offset-2">
              {accessTexts.logIntoWorkspace}
            </a>
          </p>
        ) : null}
      </div>
    </form>
  );
}
