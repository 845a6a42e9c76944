import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { limits } from '../../../../shared/limits';
import type { ContactAction, SecurityReviewBanner } from '../../../../shared/portal';
import { type OrganisationSettings, OrganisationSettingsPatch } from '../../../../shared/staff';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { fieldErrorsByName, isApiError } from '../../../lib/api-client';
import { useUpdateOrganisationSettings } from '../api/organisation';
import { AccentPreview } from './accent-preview';

type Draft = {
  name: string;
  websiteUrl: string;
  portalTitle: string;
  showPortalTitle: boolean;
  description: string;
  accentColor: string;
  supportMailbox: string;
  securityMailbox: string;
  contactSupportEnabled: boolean;
  contactSupportAction: ContactAction;
  supportUrl: string;
  reportIssueEnabled: boolean;
  reportIssueAction: ContactAction;
  reportUrl: string;
  securityReviewBanner: SecurityReviewBanner;
  askInformation: boolean;
};

const contactActions = [
  { value: 'send_email', label: 'Send an e-mail' },
  { value: 'direct_to_site', label: 'Open a website' },
] as const;

function draftOf(settings: OrganisationSettings): Draft {
  return {
    name: settings.name,
    websiteUrl: settings.websiteUrl ?? '',
    portalTitle: settings.customisation.portalTitle,
    showPortalTitle: settings.customisation.showPortalTitle,
    description: settings.customisation.description,
    accentColor: settings.customisation.accentColor,
    supportMailbox: settings.customisation.supportMailbox ?? '',
    securityMailbox: settings.customisation.securityMailbox ?? '',
    contactSupportEnabled: settings.customisation.contactSupport.isEnabled,
    contactSupportAction: settings.customisation.contactSupport.onClickAction,
    supportUrl: settings.customisation.contactSupport.supportUrl ?? '',
    reportIssueEnabled: settings.customisation.reportIssue.isEnabled,
    reportIssueAction: settings.customisation.reportIssue.onClickAction,
    reportUrl: settings.customisation.reportIssue.reportUrl ?? '',
    securityReviewBanner: settings.customisation.securityReviewBanner,
    askInformation: settings.customisation.askInformation,
  };
}

function patchOf(draft: Draft): OrganisationSettingsPatch {
  return {
    name: draft.name,
    websiteUrl: draft.websiteUrl,
    customisation: {
      portalTitle: draft.portalTitle,
      showPortalTitle: draft.showPortalTitle,
      description: draft.description,
      accentColor: draft.accentColor,
      supportMailbox: draft.supportMailbox,
      securityMailbox: draft.securityMailbox,
      contactSupport: {
        isEnabled: draft.contactSupportEnabled,
        onClickAction: draft.contactSupportAction,
        supportUrl: draft.supportUrl,
      },
      reportIssue: {
        isEnabled: draft.reportIssueEnabled,
        onClickAction: draft.reportIssueAction,
        reportUrl: draft.reportUrl,
      },
      securityReviewBanner: draft.securityReviewBanner,
      askInformation: draft.askInformation,
    },
  };
}

const isHexColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** The portal's name, website, title and look; saved with one PATCH, errors shown at their fields. */
export function SettingsForm({ settings, csrfToken }: { settings: OrganisationSettings; csrfToken: string }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateOrganisationSettings(csrfToken);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const previewAccent = isHexColour(draft.accentColor)
    ? draft.accentColor
    : settings.customisation.accentColor;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = OrganisationSettingsPatch.safeParse(patchOf(draft));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path.at(-1))] ??= issue.message;
      setErrors(next);
      toast.error('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    update.mutate(patchOf(draft), {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success('Settings saved');
      },
      onError: (error) => {
        if (isApiError(error)) {
          setErrors(fieldErrorsByName(error.fields));
          toast.error(error.message);
        } else {
          toast.error('Saving failed. Please try again.');
        }
      },
    });
  }

  const control = (id: keyof Draft) => ({
    id,
    name: id,
    isInvalid: Boolean(errors[id]),
    'aria-describedby': describedBy(id, errors[id]),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <section
        aria-labelledby="organisation-heading"
        className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200"
      >
        <h2 id="organisation-heading" className="text-base font-semibold text-slate-950">
          Organisation
        </h2>
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <Field id="name" label="Organisation name" error={errors.name}>
            <Input
              {...control('name')}
              value={draft.name}
              onChange={(event) => set('name', event.target.value)}
            />
          </Field>
          <Field
            id="websiteUrl"
            label="Website"
            hint="The logo in the portal header links here."
            error={errors.websiteUrl}
          >
            <Input
              {...control('websiteUrl')}
              inputMode="url"
              placeholder="example.com"
              value={draft.websiteUrl}
              onChange={(event) => set('websiteUrl', event.target.value)}
            />
          </Field>
        </div>
      </section>

      <section
        aria-labelledby="portal-heading"
        className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200"
      >
        <h2 id="portal-heading" className="text-base font-semibold text-slate-950">
          Portal
        </h2>
        <div className="mt-5 space-y-5">
          <Field
            id="portalTitle"
            label="Portal title"
            hint={`Shown in the header and the browser tab; up to ${limits.portalTitleMaxLength} characters.`}
            error={errors.portalTitle}
          >
            <Input
              {...control('portalTitle')}
              maxLength={limits.portalTitleMaxLength}
              value={draft.portalTitle}
              onChange={(event) => set('portalTitle', event.target.value)}
            />
          </Field>
          <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-4 py-3">
            <label htmlFor="showPortalTitle" className="text-sm">
              <span className="block font-medium text-slate-800">Show the portal title in the header</span>
              <span className="block text-xs text-slate-500">Next to the logo, on every screen size.</span>
            </label>
            <Switch
              id="showPortalTitle"
              checked={draft.showPortalTitle}
              onCheckedChange={(checked) => set('showPortalTitle', checked)}
            />
          </div>
          <Field
            id="description"
            label="Description"
            hint="A sentence or two about how you protect your customers' data. Also used for link previews."
            error={errors.description}
          >
            <Textarea
              {...control('description')}
              maxLength={300}
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
            />
          </Field>
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              id="accentColor"
              label="Accent colour"
              hint="Buttons, links and highlights."
              error={errors.accentColor}
            >
              <div className="flex items-center gap-3">
                <input
                  type="color"
                  aria-label="Pick the accent colour"
                  value={previewAccent}
                  onChange={(event) => set('accentColor', event.target.value)}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                />
                <Input
                  {...control('accentColor')}
                  className="font-mono"
                  maxLength={7}
                  value={draft.accentColor}
                  onChange={(event) => set('accentColor', event.target.value.trim())}
                />
              </div>
            </Field>
            <AccentPreview accent={previewAccent} />
          </div>
        </div>
      </section>

      <section
        aria-labelledby="contact-heading"
        className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200"
      >
        <h2 id="contact-heading" className="text-base font-semibold text-slate-950">
          Contact and help
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The help section of the portal. Visitors see a row only when it is turned on.
        </p>
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <Field
            id="supportMailbox"
            label="Support mailbox"
            hint="Where 'Contact support' e-mails go."
            error={errors.supportMailbox}
          >
            <Input
              {...control('supportMailbox')}
              type="email"
              placeholder="support@example.com"
              value={draft.supportMailbox}
              onChange={(event) => set('supportMailbox', event.target.value)}
            />
          </Field>
          <Field
            id="securityMailbox"
            label="Security mailbox"
            hint="Where 'Report issue' e-mails go."
            error={errors.securityMailbox}
          >
            <Input
              {...control('securityMailbox')}
              type="email"
              placeholder="security@example.com"
              value={draft.securityMailbox}
              onChange={(event) => set('securityMailbox', event.target.value)}
            />
          </Field>
        </div>
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          {(
            [
              ['contactSupport', 'Contact support', 'supportUrl', 'Support website'],
              ['reportIssue', 'Report issue', 'reportUrl', 'Report website'],
            ] as const
          ).map(([row, label, urlKey, urlLabel]) => {
            const enabledKey = `${row}Enabled` as const;
            const actionKey = `${row}Action` as const;
            return (
              <fieldset key={row} className="space-y-4 rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
                <div className="flex items-center justify-between gap-4">
                  <label htmlFor={enabledKey} className="text-sm text-slate-700">
                    Show '{label}' to visitors
                  </label>
                  <Switch
                    id={enabledKey}
                    checked={draft[enabledKey]}
                    onCheckedChange={(checked) => set(enabledKey, checked)}
                  />
                </div>
                <SegmentedControl
                  label={`What '${label}' does`}
                  value={draft[actionKey]}
                  options={contactActions}
                  onValueChange={(value) => set(actionKey, value)}
                />
                <Field
                  id={urlKey}
                  label={urlLabel}
                  hint="Used when it opens a website."
                  error={errors[urlKey]}
                >
                  <Input
                    {...control(urlKey)}
                    inputMode="url"
                    placeholder="https://example.com/support"
                    value={draft[urlKey]}
                    onChange={(event) => set(urlKey, event.target.value)}
                  />
                </Field>
              </fieldset>
            );
          })}
        </div>
      </section>

      <section
        aria-labelledby="banner-heading"
        className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200"
      >
        <h2 id="banner-heading" className="text-base font-semibold text-slate-950">
          Security review banner
        </h2>
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <Field
            id="securityReviewBanner"
            label="Banner size"
            hint="'Start your security review', shown to visitors. Subtitles show at medium size."
          >
            <Select
              id="securityReviewBanner"
              name="securityReviewBanner"
              value={draft.securityReviewBanner}
              onChange={(event) => set('securityReviewBanner', event.target.value as SecurityReviewBanner)}
            >
              <option value="none">None</option>
              <option value="small">Small</option>
              <option value="medium">Medium</option>
            </Select>
          </Field>
          <div className="flex items-center justify-between gap-4 self-end rounded-lg border border-slate-200 px-4 py-3">
            <label htmlFor="askInformation" className="text-sm">
              <span className="block font-medium text-slate-800">Offer 'Ask for information'</span>
              <span className="block text-xs text-slate-500">A second subtitle on the medium banner.</span>
            </label>
            <Switch
              id="askInformation"
              checked={draft.askInformation}
              onCheckedChange={(checked) => set('askInformation', checked)}
            />
          </div>
        </div>
      </section>

      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          <Save className="size-4" aria-hidden />
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
