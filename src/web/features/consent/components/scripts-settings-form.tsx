import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  type CookieBanner,
  cookieBannerTypes,
  isInHouseCookieBanner,
  type Scripts,
  scriptIdFormats,
  scriptKinds,
  scriptLabels,
} from '../../../../shared/consent';
import type { OrganisationSettings } from '../../../../shared/staff';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { apiRequest, isApiError } from '../../../lib/api-client';

// The console's settings page reads the same answer under this key.
const settingsKey = ['organisation-settings'];
const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

type BannerDraft = {
  type: CookieBanner['type'] | '';
  id: string;
  showDeclaration: boolean;
  scriptUrl: string;
};

function ScriptsForm({ settings }: { settings: OrganisationSettings }) {
  const queryClient = useQueryClient();
  const [scripts, setScripts] = useState<Record<keyof Scripts, string>>(() => ({
    googleUa: settings.customisation.scripts.googleUa ?? '',
    gtag: settings.customisation.scripts.gtag ?? '',
    gtm: settings.customisation.scripts.gtm ?? '',
    intercom: settings.customisation.scripts.intercom ?? '',
    hubspot: settings.customisation.scripts.hubspot ?? '',
  }));
  const stored = settings.customisation.cookieBanner;
  const [banner, setBanner] = useState<BannerDraft>({
    type: stored?.type ?? '',
    id: stored?.id ?? '',
    showDeclaration: stored?.showDeclaration ?? true,
    scriptUrl: stored?.scriptUrl ?? '',
  });
  const isInHouse = banner.type !== '' && isInHouseCookieBanner(banner.type);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      apiRequest<OrganisationSettings>('/api/staff/organisation', {
        method: 'PATCH',
        body: {
          customisation: {
            scripts,
            cookieBanner:
              banner.type === ''
                ? null
                : { ...banner, scriptUrl: isInHouse ? banner.scriptUrl.trim() || null : null },
          },
        },
      }),
    onSuccess: (saved) => {
      setErrors({});
      queryClient.setQueryData(settingsKey, saved);
      toast.success('Scripts and cookie banner saved');
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fields : {};
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([key, message]) => [
            key.replace(/^body\.customisation\./, ''),
            message,
          ]),
        ),
      );
      // Field errors show next to their fields; the toast only points at them.
      toast.error(Object.keys(fields).length > 0 ? 'Check the highlighted fields.' : error.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        {scriptKinds.map((kind) => {
          const id = `script-${kind}`;
          const error = errors[`scripts.${kind}`];
          return (
            <Field
              key={kind}
              id={id}
              label={scriptIdFormats[kind].label}
              hint={`For example ${scriptIdFormats[kind].example}. Empty: ${scriptLabels[kind]} is not used.`}
              error={error}
            >
              <Input
                id={id}
                value={scripts[kind]}
                isInvalid={Boolean(error)}
                aria-describedby={describedBy(id, error)}
                onChange={(event) => setScripts((current) => ({ ...current, [kind]: event.target.value }))}
              />
            </Field>
          );
        })}
      </div>
      <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Cookie banner</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="cookie-banner-type" label="Type" error={errors['cookieBanner.type']}>
            <select
              id="cookie-banner-type"
              className={selectClass}
              value={banner.type}
              aria-describedby={describedBy('cookie-banner-type', errors['cookieBanner.type'])}
              onChange={(event) =>
                setBanner((current) => ({ ...current, type: event.target.value as BannerDraft['type'] }))
              }
            >
              <option value="">None</option>
              {cookieBannerTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </Field>
          <Field id="cookie-banner-id" label="Banner id" error={errors['cookieBanner.id']}>
            <Input
              id="cookie-banner-id"
              value={banner.id}
              disabled={banner.type === ''}
              isInvalid={Boolean(errors['cookieBanner.id'])}
              aria-describedby={describedBy('cookie-banner-id', errors['cookieBanner.id'])}
              onChange={(event) => setBanner((current) => ({ ...current, id: event.target.value }))}
            />
          </Field>
        </div>
        {isInHouse ? (
          <Field
            id="cookie-banner-script-url"
            label="Consent script address"
            hint="Dropbox and PayPal banners are your own: give the https address of your consent script. Its host is added to the page's Content-Security-Policy."
            error={errors['cookieBanner.scriptUrl']}
          >
            <Input
              id="cookie-banner-script-url"
              type="url"
              placeholder="https://"
              value={banner.scriptUrl}
              isInvalid={Boolean(errors['cookieBanner.scriptUrl'])}
              aria-describedby={describedBy('cookie-banner-script-url', errors['cookieBanner.scriptUrl'])}
              onChange={(event) => setBanner((current) => ({ ...current, scriptUrl: event.target.value }))}
            />
          </Field>
        ) : null}
        <p className="text-sm text-slate-600">
          HubSpot, Cookiebot and OneTrust banners load from their vendor on every page and ask visitors
          themselves; the scripts above then follow their answer.
        </p>
      </fieldset>
      <p className="text-sm text-slate-600">
        Without a vendor banner, visitors see our consent banner as soon as any script is set. Each script
        loads only after its category is allowed, and the page's Content-Security-Policy admits only these
        vendors.
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save scripts'}
      </Button>
    </form>
  );
}

/** Console: third-party scripts and the cookie banner of the portal. */
export function ScriptsSettings() {
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: () => apiRequest<OrganisationSettings>('/api/staff/organisation'),
  });
  if (settings.isError) return <p role="alert">{settings.error.message}</p>;
  if (!settings.data)
    return (
      <p aria-busy="true" className="text-sm text-slate-600">
        Loading…
      </p>
    );
  return <ScriptsForm settings={settings.data} />;
}
