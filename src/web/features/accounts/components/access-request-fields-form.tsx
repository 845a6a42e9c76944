import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { AccessRequestFields } from '../../../../shared/access';
import type { OrganisationSettings } from '../../../../shared/staff';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { type AccessRequestFormSettings, useSaveAccessRequestFields } from '../api/access-settings';
import { applyServerErrors } from '../lib/form-errors';
import { FormAlert, Panel } from './console-page';
import { SettingSwitch } from './setting-switch';

export const checkboxLabelRequired = 'Enter the text shown next to the checkbox.';

const RequestFieldsForm = z.object({
  accessRequestFields: AccessRequestFields.superRefine((fields, context) => {
    if (fields.customCheckbox.isEnabled && !fields.customCheckbox.label.trim()) {
      context.addIssue({ code: 'custom', path: ['customCheckbox', 'label'], message: checkboxLabelRequired });
    }
  }),
  showAppLoginInstructions: z.boolean(),
});

const optionalFields = [
  ['jobTitleTextField', 'Job title', 'A required text field.'],
  ['pointOfContactField', 'Point of contact', "The e-mail of the requester's contact at your organisation."],
  ['relationshipDropdown', 'Relationship', 'Customer, prospective customer, vendor, partner and so on.'],
  ['countriesDropdown', 'Country', 'A list of about 250 countries.'],
  ['accountMemberRequestProducts', 'Products', 'The requester picks at least one of your products.'],
] as const;

function valuesOf(settings: OrganisationSettings): AccessRequestFormSettings {
  return {
    accessRequestFields: settings.customisation.accessRequestFields,
    showAppLoginInstructions: settings.customisation.showAppLoginInstructions,
  };
}

/** Which extra questions the portal's 'Request Access' form asks; saved in the portal customisation. */
export function AccessRequestFieldsForm({ settings }: { settings: OrganisationSettings }) {
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveAccessRequestFields();
  const form = useForm({ resolver: zodResolver(RequestFieldsForm), defaultValues: valuesOf(settings) });
  const isCheckboxEnabled = useWatch({
    control: form.control,
    name: 'accessRequestFields.customCheckbox.isEnabled',
  });
  const labelError = form.formState.errors.accessRequestFields?.customCheckbox?.label?.message;

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.success('Access request form saved');
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(
            error,
            (path) => path.replace(/^customisation\./, '') === 'accessRequestFields.customCheckbox.label',
            (_path, message) =>
              form.setError('accessRequestFields.customCheckbox.label', { type: 'server', message }),
          ),
        ),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Panel labelledBy="request-fields-heading">
        <h2 id="request-fields-heading" className="text-base font-semibold text-slate-950">
          Access request form
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Visitors always give their name, work e-mail and company. Turn on the questions you also need.
        </p>
        <div className="mt-5 grid gap-3 md:grid-cols-2">
          {optionalFields.map(([name, label, hint]) => (
            <SettingSwitch
              key={name}
              control={form.control}
              name={`accessRequestFields.${name}`}
              id={`field-${name}`}
              label={label}
              hint={hint}
            />
          ))}
        </div>
        <fieldset className="mt-5 space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">Custom checkbox</legend>
          <SettingSwitch
            control={form.control}
            name="accessRequestFields.customCheckbox.isEnabled"
            id="custom-checkbox-enabled"
            label="Ask visitors to tick a checkbox"
            hint="For example, to confirm they have read your data-handling terms."
          />
          {isCheckboxEnabled ? (
            <>
              <Field id="custom-checkbox-label" label="Checkbox text" error={labelError}>
                <Input
                  id="custom-checkbox-label"
                  maxLength={500}
                  isInvalid={Boolean(labelError)}
                  aria-describedby={describedBy('custom-checkbox-label', labelError)}
                  {...form.register('accessRequestFields.customCheckbox.label')}
                />
              </Field>
              <SettingSwitch
                control={form.control}
                name="accessRequestFields.customCheckbox.isRequired"
                id="custom-checkbox-required"
                label="Required"
                hint="The request cannot be sent until the box is ticked."
              />
            </>
          ) : null}
        </fieldset>
        <div className="mt-5">
          <SettingSwitch
            control={form.control}
            name="showAppLoginInstructions"
            id="showAppLoginInstructions"
            label="Show the staff sign-in hint"
            hint="The login tab asks whether the visitor works at your organisation and links to the console."
          />
        </div>
        <div className="mt-5 space-y-3">
          <FormAlert message={formError} />
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              <Save className="size-4" aria-hidden />
              {save.isPending ? 'Saving…' : 'Save request form'}
            </Button>
          </div>
        </div>
      </Panel>
    </form>
  );
}
