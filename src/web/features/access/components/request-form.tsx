import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AccessRequestBase,
  accessMessages,
  accessRequestSchema,
  RequesterType,
  type RequestResult,
  requesterTypeLabels,
} from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { requestAccess } from '../api/access-api';
import type { AccessQuery } from '../lib/access-query';
import { useAccessTexts } from '../lib/access-texts';
import { countryOptions } from '../lib/country-options';
import { submitFailure } from '../lib/submit-errors';
import { CheckboxField, ExternalLink, FieldError, FormAlert } from './form-parts';

type RequestValues = z.input<typeof AccessRequestBase>;
type RequestOutput = z.output<typeof AccessRequestBase>;

type RequestFormProps = {
  view: PortalView;
  query: AccessQuery;
  defaultEmail: string;
  onResult(result: RequestResult): 'done' | 'not_work_email';
  onBack(): void;
};

type LegalLink = { label: string; href: string };

function agreementLinks(view: PortalView): LegalLink[] {
  const terms = view.customisation.termsOfServiceUrl ?? view.platform.termsOfServiceUrl;
  const privacy = view.customisation.privacyNoticeUrl ?? view.platform.privacyNoticeUrl;
  return [
    terms ? { label: 'Terms of Service', href: terms } : null,
    privacy ? { label: 'Privacy Notice', href: privacy } : null,
  ].filter((link): link is LegalLink => link !== null);
}

function AgreeLabel({ view }: { view: PortalView }) {
  const accessTexts = useAccessTexts();
  const links = agreementLinks(view);
  if (links.length === 0) return <>{accessTexts.agreeToTerms}</>;
  return (
    <>
      {accessTexts.agreeTo}{' '}
      {links.map((link, index) => (
        <span key={link.href + link.label}>
          {index > 0 ? ` ${accessTexts.and} ` : ''}
          <ExternalLink href={link.href}>{link.label}</ExternalLink>
        </span>
      ))}
    </>
  );
}

/** Empty select values mean 'not chosen': undefined, so an optional field stays valid. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The request tab (spec 3 §2, §5): the organisation's fields, validated by the shared schema. */
export function RequestForm({ view, query, defaultEmail, onResult, onBack }: RequestFormProps) {
  const accessTexts = useAccessTexts();
  const id = useId();
  const fields = view.customisation.accessRequestFields;
  const schema = useMemo(() => accessRequestSchema(fields), [fields]);
  const countries = useMemo(() => (fields.countriesDropdown ? countryOptions() : []), [fields]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RequestValues, unknown, RequestOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: defaultEmail,
      companyName: '',
      agree: false,
      productId: view.product.productId,
      statusPageCustomizationRevision: view.product.revision,
      ...(view.customisation.subscribeEnabled ? { subscribe: false } : {}),
      ...(fields.customCheckbox.isEnabled ? { customCheckbox: false } : {}),
      ...(fields.jobTitleTextField ? { jobTitleTextField: '' } : {}),
      ...(fields.pointOfContactField ? { pointOfContactField: '' } : {}),
      ...(fields.accountMemberRequestProducts
        ? { accountMemberRequestProducts: [view.product.productId] }
        : {}),
      ...(query.itemUid ? { itemUid: query.itemUid } : {}),
      ...(query.itemKind ? { itemKind: query.itemKind } : {}),
      ...(query.source ? { source: query.source } : {}),
      ...(query.inviteToken ? { invitedColleagueToken: query.inviteToken } : {}),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldId = (name: string) => `${id}-${name}`;

  useEffect(() => form.setFocus('firstName'), [form]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await requestAccess(view.organisation.slug, values);
      if (onResult(result) === 'not_work_email') {
        form.setError('email', { message: accessMessages.notWorkEmail }, { shouldFocus: true });
      }
    } catch (error) {
      const failure = submitFailure(error);
      const names = Object.keys(form.getValues()) as Array<keyof RequestValues>;
      let isShownOnField = false;
      for (const [name, message] of Object.entries(failure.fields)) {
        if (!names.includes(name as keyof RequestValues)) continue;
        form.setError(name as keyof RequestValues, { message });
        isShownOnField = true;
      }
      setFormError(isShownOnField ? null : (failure.message ?? accessMessages.unknownError));
    }
  });

  // Hidden values (product, item, source, invite) come from the page; a bad one is no field's fault.
  const hiddenError =
    errors.productId?.message ?? errors.itemUid?.message ?? errors.invitedColleagueToken?.message;

  const textField = (
    name: 'firstName' | 'lastName' | 'email' | 'companyName' | 'jobTitleTextField' | 'pointOfContactField',
    label: string,
    options: { type?: string; autoComplete?: string; hint?: string } = {},
  ) => {
    const error = errors[name]?.message;
    return (
      <Field id={fieldId(name)} label={label} hint={options.hint} error={error}>
        <Input
          id={fieldId(name)}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy(fieldId(name), error)}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={submit} data-testid="request-form">
      {query.inviteToken ? (
        <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-slate-800">{accessTexts.invitedNote}</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('firstName', accessTexts.firstName, { autoComplete: 'given-name' })}
        {textField('lastName', accessTexts.lastName, { autoComplete: 'family-name' })}
      </div>
      {textField('email', accessTexts.email, { type: 'email', autoComplete: 'email' })}
      {textField('companyName', accessTexts.companyName, { autoComplete: 'organization' })}
      {fields.jobTitleTextField
        ? textField('jobTitleTextField', accessTexts.jobTitle, { autoComplete: 'organization-title' })
        : null}
      {fields.pointOfContactField
        ? textField('pointOfContactField', accessTexts.pointOfContact, {
            type: 'email',
            hint: accessMessages.pointOfContactHint,
          })
        : null}
      {fields.relationshipDropdown ? (
        <Field
          id={fieldId('relationship')}
          label={accessTexts.relationship(view.organisation.name)}
          error={errors.relationshipDropdown?.message}
        >
          <Select
            id={fieldId('relationship')}
            isInvalid={Boolean(errors.relationshipDropdown)}
            aria-describedby={describedBy(fieldId('relationship'), errors.relationshipDropdown?.message)}
            defaultValue=""
            {...form.register('relationshipDropdown', { setValueAs: emptyToUndefined })}
          >
            <option value="">{accessTexts.choose}</option>
            {RequesterType.options.map((type) => (
              <option key={type} value={type}>
                {requesterTypeLabels[type]}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {fields.countriesDropdown ? (
        <Field id={fieldId('country')} label={accessTexts.country} error={errors.countriesDropdown?.message}>
          <Select
            id={fieldId('country')}
            isInvalid={Boolean(errors.countriesDropdown)}
            aria-describedby={describedBy(fieldId('country'), errors.countriesDropdown?.message)}
            autoComplete="country"
            defaultValue=""
            {...form.register('countriesDropdown', { setValueAs: emptyToUndefined })}
          >
            <option value="">{accessTexts.choose}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {fields.accountMemberRequestProducts ? (
        <Controller
          control={form.control}
          name="accountMemberRequestProducts"
          render={({ field, fieldState }) => {
            const selected = field.value ?? [];
            const errorId = fieldId('products-error');
            return (
              <fieldset
                className="space-y-2"
                aria-describedby={fieldState.error ? errorId : undefined}
                data-testid="request-products"
              >
                <legend className="mb-1.5 text-sm font-medium text-slate-800">{accessTexts.products}</legend>
                {view.products.map((product) => (
                  <CheckboxField
                    key={product.productId}
                    id={fieldId(`product-${product.productId}`)}
                    label={product.productName}
                    checked={selected.includes(product.productId)}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...selected, product.productId]
                          : selected.filter((productId) => productId !== product.productId),
                      )
                    }
                  />
                ))}
                {fieldState.error?.message ? (
                  <FieldError id={errorId}>{fieldState.error.message}</FieldError>
                ) : null}
              </fieldset>
            );
          }}
        />
      ) : null}
      {fields.customCheckbox.isEnabled ? (
        <CheckboxField
          id={fieldId('custom')}
          label={
            <>
              {fields.customCheckbox.label}
              {fields.customCheckbox.isRequired ? <span aria-hidden> *</span> : null}
            </>
          }
          aria-required={fields.customCheckbox.isRequired || undefined}
          error={errors.customCheckbox?.message}
          {...form.register('customCheckbox')}
        />
      ) : null}
      <CheckboxField
        id={fieldId('agree')}
        label={<AgreeLabel view={view} />}
        aria-required
        error={errors.agree?.message}
        {...form.register('agree')}
      />
      {view.customisation.subscribeEnabled ? (
        <CheckboxField
          id={fieldId('subscribe')}
          label={accessTexts.subscribe(view.organisation.name)}
          {...form.register('subscribe')}
        />
      ) : null}
      <input type="hidden" {...form.register('productId')} />
      {hiddenError || formError ? <FormAlert>{formError ?? accessMessages.unknownError}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack}>
          {accessTexts.back}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? accessTexts.submitting : accessMessages.submitRequest}
        </Button>
      </div>
    </form>
  );
}
