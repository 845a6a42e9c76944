import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type AccessSettings, AccessSettingsInput, accessLimits } from '../../../../shared/access';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { type AccessSettingsValues, useSaveAccessSettings } from '../api/access-settings';
import { applyServerErrors } from '../lib/form-errors';
import { AccessDaysField, accessDaysErrorMap } from './access-days-field';
import { FormAlert, Panel } from './console-page';
import { SettingSwitch } from './setting-switch';

/** What the write-only secret does on save: stays, gets a new value, or goes. */
type SecretMode = 'keep' | 'replace' | 'remove';

const secretMessage = 'The secret needs 32 to 512 characters.';
const urlMessage = 'Enter a full address such as https://id.example.com/.well-known/jwks.json.';

function settingsErrorMap(issue: { path?: PropertyKey[] }): string | undefined {
  const last = issue.path?.at(-1);
  if (last === 'secret') return secretMessage;
  if (last === 'jwksUrl') return urlMessage;
  return accessDaysErrorMap(issue);
}

const emptyToNull = (value: unknown) => (value === '' || value == null ? null : String(value).trim() || null);

export function valuesOf(settings: AccessSettings): AccessSettingsValues {
  return {
    autoApproveAccountMembers: settings.autoApproveAccountMembers,
    rejectFreeMailDomains: settings.rejectFreeMailDomains,
    defaultAccessDays: settings.defaultAccessDays,
    expiryReminderDays: settings.expiryReminderDays,
    requireNda: settings.requireNda,
    domainRules: settings.domainRules,
    byoid: { secret: undefined, jwksUrl: settings.byoid.jwksUrl, issuer: settings.byoid.issuer },
  };
}

function isSettingsField(path: string): boolean {
  return (
    /^(defaultAccessDays|expiryReminderDays|domainRules|byoid\.(secret|jwksUrl|issuer))$/.test(path) ||
    /^domainRules\.\d+\.(domain|kind)$/.test(path)
  );
}

/** Who gets in without review, who never does, how long access lasts, the NDA rule and BYOID. */
export function AccessSettingsForm({ settings }: { settings: AccessSettings }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [hasSecret, setHasSecret] = useState(settings.byoid.hasSecret);
  const [secretMode, setSecretMode] = useState<SecretMode>('keep');
  const save = useSaveAccessSettings();
  const form = useForm({
    resolver: zodResolver(AccessSettingsInput, { error: settingsErrorMap }),
    defaultValues: valuesOf(settings),
  });
  const rules = useFieldArray({ control: form.control, name: 'domainRules' });
  const { errors } = form.formState;

  function chooseSecretMode(mode: SecretMode) {
    setSecretMode(mode);
    form.setValue('byoid.secret', mode === 'remove' ? null : undefined, { shouldDirty: true });
    form.clearErrors('byoid.secret');
  }

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        setHasSecret(saved.byoid.hasSecret);
        setSecretMode('keep');
        toast.success('Access settings saved');
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(error, isSettingsField, (path, message) =>
            form.setError(path as 'defaultAccessDays' | 'expiryReminderDays', { type: 'server', message }),
          ),
        ),
    });
  });

  const isSecretInputShown = !hasSecret || secretMode === 'replace';
  const secretError = errors.byoid?.secret?.message;
  const jwksError = errors.byoid?.jwksUrl?.message;
  const issuerError = errors.byoid?.issuer?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <Panel labelledBy="review-heading">
        <h2 id="review-heading" className="text-base font-semibold text-slate-950">
          Review
        </h2>
        <div className="mt-5 space-y-4">
          <SettingSwitch
            control={form.control}
            name="autoApproveAccountMembers"
            id="autoApproveAccountMembers"
            label="Auto-approve members of approved accounts"
            hint="A colleague at an approved company gets access without waiting for review."
          />
          <SettingSwitch
            control={form.control}
            name="rejectFreeMailDomains"
            id="rejectFreeMailDomains"
            label="Reject free e-mail addresses"
            hint="Requests from gmail.com, outlook.com and similar get 'Please use your work email.'"
          />
          <SettingSwitch
            control={form.control}
            name="requireNda"
            id="requireNda"
            label="Require an NDA"
            hint="Members accept the current NDA before they see restricted documents."
          />
          <AccessDaysField
            id="defaultAccessDays"
            label="Default access duration (days)"
            hint="Prefilled when you approve a request or create an account; 1 to 365."
            error={errors.defaultAccessDays?.message}
            registration={form.register('defaultAccessDays', { valueAsNumber: true })}
          />
          <Field
            id="expiryReminderDays"
            label="Remind members before access ends (days)"
            hint={`Members get an e-mail this many days before their access ends, with a link to request more time; 0 to ${accessLimits.expiryReminderDaysMax}, and 0 sends no reminder.`}
            error={errors.expiryReminderDays?.message}
          >
            <Input
              id="expiryReminderDays"
              type="number"
              inputMode="numeric"
              min={0}
              max={accessLimits.expiryReminderDaysMax}
              step={1}
              className="max-w-40"
              isInvalid={Boolean(errors.expiryReminderDays)}
              aria-describedby={describedBy('expiryReminderDays', errors.expiryReminderDays?.message)}
              {...form.register('expiryReminderDays', { valueAsNumber: true })}
            />
          </Field>
        </div>
      </Panel>

      <Panel labelledBy="domains-heading">
        <h2 id="domains-heading" className="text-base font-semibold text-slate-950">
          Domain rules
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Requests from an auto-approve domain are approved at once; requests from a blocked domain are
          declined.
        </p>
        {rules.fields.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">No domain rules.</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {rules.fields.map((rule, index) => {
              const domainError = errors.domainRules?.[index]?.domain?.message;
              const domainId = `domain-rule-${index}`;
              return (
                <li key={rule.id} className="flex flex-wrap items-start gap-2" data-testid="domain-rule">
                  <div className="w-44">
                    <label htmlFor={`${domainId}-kind`} className="sr-only">
                      Rule for domain {index + 1}
                    </label>
                    <Select id={`${domainId}-kind`} {...form.register(`domainRules.${index}.kind`)}>
                      <option value="auto_approve">Auto-approve</option>
                      <option value="blocked">Blocked</option>
                    </Select>
                  </div>
                  <div className="min-w-56 flex-1">
                    <label htmlFor={domainId} className="sr-only">
                      Domain {index + 1}
                    </label>
                    <Input
                      id={domainId}
                      placeholder="example.com"
                      isInvalid={Boolean(domainError)}
                      aria-describedby={domainError ? `${domainId}-error` : undefined}
                      {...form.register(`domainRules.${index}.domain`)}
                    />
                    {domainError ? (
                      <p
                        id={`${domainId}-error`}
                        className="mt-1 text-xs font-medium text-red-700"
                        role="alert"
                      >
                        {domainError}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    aria-label={`Remove domain rule ${index + 1}`}
                    onClick={() => rules.remove(index)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          onClick={() => rules.append({ kind: 'auto_approve', domain: '' }, { shouldFocus: true })}
        >
          <Plus className="size-4" aria-hidden />
          Add domain rule
        </Button>
      </Panel>

      <Panel labelledBy="byoid-heading">
        <h2 id="byoid-heading" className="text-base font-semibold text-slate-950">
          Bring your own identity
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your own app can sign its users in to the portal: link to the portal with{' '}
          <code className="rounded bg-slate-100 px-1 text-xs">?byoidJwt=</code> and a JSON Web Token whose{' '}
          <code className="rounded bg-slate-100 px-1 text-xs">email</code> claim names the user. Sign it with
          the shared secret (HS256) or a key published at your JWKS URL; it must expire within an hour of
          issue and, when you set an issuer, come from it. Leave everything empty to turn this off.
        </p>
        <div className="mt-5 space-y-5">
          <div className="space-y-2">
            {hasSecret ? (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium text-slate-800">Shared secret:</span>
                <span className="text-slate-600" data-testid="secret-state">
                  {secretMode === 'remove'
                    ? 'will be removed when you save'
                    : secretMode === 'replace'
                      ? 'will be replaced when you save'
                      : 'set (hidden)'}
                </span>
                {secretMode === 'keep' ? (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => chooseSecretMode('replace')}>
                      Replace
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => chooseSecretMode('remove')}
                    >
                      Remove
                    </Button>
                  </>
                ) : (
                  <Button size="sm" variant="ghost" onClick={() => chooseSecretMode('keep')}>
                    Keep the current secret
                  </Button>
                )}
              </div>
            ) : null}
            {isSecretInputShown ? (
              <Field
                id="byoid-secret"
                label={hasSecret ? 'New shared secret' : 'Shared secret (optional)'}
                hint="32 to 512 characters. It is never shown again after saving."
                error={secretError}
              >
                <Input
                  id="byoid-secret"
                  type="password"
                  autoComplete="new-password"
                  isInvalid={Boolean(secretError)}
                  aria-describedby={describedBy('byoid-secret', secretError)}
                  {...form.register('byoid.secret', {
                    setValueAs: (value) => (value ? String(value) : undefined),
                  })}
                />
              </Field>
            ) : null}
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              id="byoid-jwks-url"
              label="JWKS URL (optional)"
              hint="Where your public signing keys are published."
              error={jwksError}
            >
              <Input
                id="byoid-jwks-url"
                inputMode="url"
                placeholder="https://id.example.com/.well-known/jwks.json"
                isInvalid={Boolean(jwksError)}
                aria-describedby={describedBy('byoid-jwks-url', jwksError)}
                {...form.register('byoid.jwksUrl', { setValueAs: emptyToNull })}
              />
            </Field>
            <Field
              id="byoid-issuer"
              label="Issuer (optional)"
              hint="The token's iss claim must match it."
              error={issuerError}
            >
              <Input
                id="byoid-issuer"
                placeholder="https://id.example.com"
                isInvalid={Boolean(issuerError)}
                aria-describedby={describedBy('byoid-issuer', issuerError)}
                {...form.register('byoid.issuer', { setValueAs: emptyToNull })}
              />
            </Field>
          </div>
        </div>
      </Panel>

      <FormAlert message={formError} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          <Save className="size-4" aria-hidden />
          {save.isPending ? 'Saving…' : 'Save access settings'}
        </Button>
      </div>
    </form>
  );
}
