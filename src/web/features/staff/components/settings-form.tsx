import { Save } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { type Locale, localeNames, locales } from '../../../../shared/i18n/locales';
import { limits } from '../../../../shared/limits';
import type { ContactAction, SecurityReviewBanner } from '../../../../shared/portal';
import { type OrganisationSettings, OrganisationSettingsPatch } from '../../../../shared/staff';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorsByName, isApiError } from '../../../lib/api-client';
import { classNames } from '../../../lib/class-names';
import { useAskAiSetup, useUpdateOrganisationSettings } from '../api/organisation';
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
  genAiEnabled: boolean;
  defaultLocale: Locale;
  offeredLocales: Locale[];
};

/** The draft's free-text fields, each edited in one input named after its key. */
type TextKey = { [K in keyof Draft]: string extends Draft[K] ? K : never }[keyof Draft];

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
    genAiEnabled: settings.customisation.genAiEnabled,
    defaultLocale: settings.customisation.defaultLocale,
    offeredLocales: settings.customisation.offeredLocales,
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
      genAiEnabled: draft.genAiEnabled,
      defaultLocale: draft.defaultLocale,
      offeredLocales: draft.offeredLocales,
    },
  };
}

/**
 * The portal's languages: the default (for visitors whose browser asks for none offered) and the
 * others a visitor may pick at the foot of the page. The console itself stays English.
 */
function LanguageSettings({
  defaultLocale,
  offeredLocales,
  onChange,
}: {
  defaultLocale: Locale;
  offeredLocales: Locale[];
  onChange(next: { defaultLocale: Locale; offeredLocales: Locale[] }): void;
}) {
  const isOffered = (locale: Locale) => locale === defaultLocale || offeredLocales.includes(locale);
  return (
    <div className="mt-5 space-y-5">
      <Field
        id="defaultLocale"
        label="Default language"
        hint="Visitors whose browser asks for none of the offered languages read this one."
      >
        <Select
          id="defaultLocale"
          name="defaultLocale"
          value={defaultLocale}
          onChange={(event) =>
            onChange({ defaultLocale: event.target.value as Locale, offeredLocales: offeredLocales })
          }
        >
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {localeNames[locale]}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Offered languages</legend>
        <p className="mt-1 text-xs text-slate-500">
          Visitors get the best match for their browser and can switch at the foot of the page. Your own texts
          (cards, items, updates) are shown as you wrote them.
        </p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {locales.map((locale) => (
            <li key={locale} className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox
                id={`offered-${locale}`}
                checked={isOffered(locale)}
                disabled={locale === defaultLocale}
                onCheckedChange={(checked) =>
                  onChange({
                    defaultLocale,
                    offeredLocales: checked
                      ? [...offeredLocales, locale]
                      : offeredLocales.filter((offered) => offered !== locale),
                  })
                }
              />
              <label htmlFor={`offered-${locale}`} lang={locale}>
                {localeNames[locale]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}

/** One card of the form, named by its heading. */
function SettingsSection({
  headingId,
  heading,
  description,
  children,
}: {
  headingId: string;
  heading: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200">
      <h2 id={headingId} className="text-base font-semibold text-slate-950">
        {heading}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {children}
    </section>
  );
}

/** An on/off setting: its name and what it does on the left, the switch on the right. */
function SwitchRow({
  id,
  title,
  description,
  checked,
  onCheckedChange,
  isAlignedToEnd = false,
}: {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** In a grid row beside a taller field: sits on the row's bottom edge. */
  isAlignedToEnd?: boolean;
}) {
  return (
    <div
      className={classNames(
        'flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-4 py-3',
        isAlignedToEnd && 'self-end',
      )}
    >
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium text-slate-800">{title}</span>
        <span className="block text-xs text-slate-500">{description}</span>
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  );
}

/**
 * Beside the Ask AI switch: who writes the answers on this server, and whether the plan lets accounts
 * see Ask AI at all, so staff know what turning it on does (decision 183).
 */
function AskAiNotes() {
  const setup = useAskAiSetup();
  if (!setup.data) return null;
  const { answerer, planIncludesAi } = setup.data;
  return (
    <div className="mt-4 space-y-2 text-sm text-slate-600" data-testid="ask-ai-notes">
      <p>
        {answerer === 'language_model'
          ? 'Answers are written by the language model configured on this server, which is sent only the content the asker may see.'
          : 'No AI provider is configured on this server: answers quote the sentences of your content that ' +
            'answer the question, or say that none does. To have a language model write them, whoever ' +
            'runs this server sets AI_BASE_URL and AI_MODEL.'}
      </p>
      {planIncludesAi ? null : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-600/20">
          Trust Center AI is off in Plan features: accounts will not see Ask AI until it is turned on there.
        </p>
      )}
    </div>
  );
}

const isHexColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** The portal's name, website, title and look; saved with one PATCH, errors shown at their fields. */
export function SettingsForm({ settings }: { settings: OrganisationSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateOrganisationSettings();
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
  const textField = (key: TextKey) => ({
    id: key,
    name: key,
    error: errors[key],
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <SettingsSection headingId="organisation-heading" heading="Organisation">
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <TextField {...textField('name')} label="Organisation name" />
          <TextField
            {...textField('websiteUrl')}
            label="Website"
            hint="The logo in the portal header links here."
            inputMode="url"
            placeholder="example.com"
          />
        </div>
      </SettingsSection>

      <SettingsSection headingId="portal-heading" heading="Portal">
        <div className="mt-5 space-y-5">
          <TextField
            {...textField('portalTitle')}
            label="Portal title"
            hint={`Shown in the header and the browser tab; up to ${limits.portalTitleMaxLength} characters.`}
            maxLength={limits.portalTitleMaxLength}
          />
          <SwitchRow
            id="showPortalTitle"
            title="Show the portal title in the header"
            description="Next to the logo, on every screen size."
            checked={draft.showPortalTitle}
            onCheckedChange={(checked) => set('showPortalTitle', checked)}
          />
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
      </SettingsSection>

      <SettingsSection headingId="languages-heading" heading="Languages">
        <LanguageSettings
          defaultLocale={draft.defaultLocale}
          offeredLocales={draft.offeredLocales}
          onChange={(next) => setDraft((current) => ({ ...current, ...next }))}
        />
      </SettingsSection>

      <SettingsSection
        headingId="contact-heading"
        heading="Contact and help"
        description="The help section of the portal. Visitors see a row only when it is turned on."
      >
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <TextField
            {...textField('supportMailbox')}
            label="Support mailbox"
            hint="Where 'Contact support' e-mails go."
            type="email"
            placeholder="support@example.com"
          />
          <TextField
            {...textField('securityMailbox')}
            label="Security mailbox"
            hint="Where 'Report issue' e-mails go."
            type="email"
            placeholder="security@example.com"
          />
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
                <TextField
                  {...textField(urlKey)}
                  label={urlLabel}
                  hint="Used when it opens a website."
                  inputMode="url"
                  placeholder="https://example.com/support"
                />
              </fieldset>
            );
          })}
        </div>
      </SettingsSection>

      <SettingsSection headingId="banner-heading" heading="Security review banner">
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
          <SwitchRow
            id="askInformation"
            title="Offer 'Ask for information'"
            description="A second subtitle on the medium banner."
            checked={draft.askInformation}
            onCheckedChange={(checked) => set('askInformation', checked)}
            isAlignedToEnd
          />
        </div>
      </SettingsSection>

      <SettingsSection
        headingId="ask-ai-heading"
        heading="Ask AI"
        description="Signed-in accounts, and staff previewing as one, can ask questions in search. Answers use only content the asker may see, and list their sources."
      >
        <div className="mt-5">
          <SwitchRow
            id="genAiEnabled"
            title="Offer Ask AI in search"
            description="Off: search shows results only."
            checked={draft.genAiEnabled}
            onCheckedChange={(checked) => set('genAiEnabled', checked)}
          />
          <AskAiNotes />
        </div>
      </SettingsSection>

      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          <Save className="size-4" aria-hidden />
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
