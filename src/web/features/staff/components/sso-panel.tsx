import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { StaffUserList } from '../../../../shared/console-admin';
import { StaffRole, staffRoleLabels } from '../../../../shared/permissions';
import { SsoSettingsInput, type SsoSettingsView } from '../../../../shared/sso';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { apiRequest, fieldErrorsByName, isApiError } from '../../../lib/api-client';

const ssoKey = ['staff-sso'] as const;
const newcomerRoles = StaffRole.options.filter((role) => role !== 'owner');

function SsoForm({ settings, owners }: { settings: SsoSettingsView; owners: StaffUserList['users'] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [issuerUrl, setIssuerUrl] = useState(settings.issuerUrl);
  const [clientId, setClientId] = useState(settings.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(settings.allowedDomains.join('\n'));
  const [newStaffRole, setNewStaffRole] = useState<string>(settings.newStaffRole ?? '');
  const [requireSso, setRequireSso] = useState(settings.requireSso);
  const [breakGlass, setBreakGlass] = useState(settings.breakGlassStaffUserId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: SsoSettingsInput) =>
      apiRequest<SsoSettingsView>('/api/staff/sso', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(ssoKey, saved),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = SsoSettingsInput.safeParse({
      issuerUrl,
      clientId,
      clientSecret: clientSecret || null,
      allowedDomains: domains.split(/[\s,]+/).filter(Boolean),
      newStaffRole: newStaffRole || null,
      requireSso,
      breakGlassStaffUserId: breakGlass || null,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setClientSecret('');
        toast.success('Single sign-on saved');
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0)
          setErrors(fieldErrorsByName(error.fields));
        else toast.error(error.message);
      },
    });
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    isInvalid: Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, errors[name]),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
        <p>
          Register this redirect URI with your identity provider (a web application, authorization code flow):
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-200">
            {settings.redirectUri}
          </code>
          <CopyButton
            text={settings.redirectUri}
            label="Copy redirect URI"
            copiedLabel="Copied"
            confirmationMs={3000}
          />
        </div>
      </div>
      <Field
        id={`${id}-issuerUrl`}
        label="Issuer URL"
        error={errors.issuerUrl}
        hint="Its /.well-known/openid-configuration is read when you save."
      >
        <Input
          {...field('issuerUrl')}
          value={issuerUrl}
          onChange={(event) => setIssuerUrl(event.target.value)}
          placeholder="https://login.example.com"
        />
      </Field>
      <Field id={`${id}-clientId`} label="Client ID" error={errors.clientId}>
        <Input
          {...field('clientId')}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          autoComplete="off"
        />
      </Field>
      <Field
        id={`${id}-clientSecret`}
        label="Client secret"
        error={errors.clientSecret}
        hint={
          settings.hasClientSecret
            ? 'Stored encrypted and never shown. Leave empty to keep it.'
            : 'Stored encrypted and never shown.'
        }
      >
        <Input
          {...field('clientSecret')}
          type="password"
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          autoComplete="new-password"
        />
      </Field>
      <Field
        id={`${id}-allowedDomains`}
        label="E-mail domains"
        error={errors.allowedDomains}
        hint="One per line: who may sign in through this provider."
      >
        <Textarea
          {...field('allowedDomains')}
          rows={2}
          value={domains}
          onChange={(event) => setDomains(event.target.value)}
        />
      </Field>
      <Field
        id={`${id}-newStaffRole`}
        label="People signing in for the first time"
        error={errors.newStaffRole}
      >
        <Select
          {...field('newStaffRole')}
          value={newStaffRole}
          onChange={(event) => setNewStaffRole(event.target.value)}
        >
          <option value="">Invited staff only</option>
          {newcomerRoles.map((role) => (
            <option key={role} value={role}>
              {`Join as ${staffRoleLabels[role].toLowerCase()}`}
            </option>
          ))}
        </Select>
      </Field>
      <div className="space-y-3 rounded-xl ring-1 ring-slate-200 p-4">
        <div className="flex items-center gap-3">
          <Switch id={`${id}-require`} checked={requireSso} onCheckedChange={setRequireSso} />
          <label htmlFor={`${id}-require`} className="text-sm font-medium text-slate-900">
            Require single sign-on
          </label>
        </div>
        <p className="text-sm text-slate-600">
          Passwords stop working for everyone but the break-glass owner, whose password sign-in is mailed to
          every owner. Other staff sessions end when you save.
        </p>
        <Field
          id={`${id}-breakGlassStaffUserId`}
          label="Break-glass owner"
          error={errors.breakGlassStaffUserId}
        >
          <Select
            {...field('breakGlassStaffUserId')}
            value={breakGlass}
            onChange={(event) => setBreakGlass(event.target.value)}
          >
            <option value="">None</option>
            {owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {`${owner.name} (${owner.email})`}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Checking the provider…' : 'Save single sign-on'}
        </Button>
      </div>
    </form>
  );
}

/** Owners connect the organisation's identity provider (OpenID Connect); others do not see it. */
export function SsoPanel() {
  const settings = useQuery({
    queryKey: ssoKey,
    queryFn: () => apiRequest<SsoSettingsView>('/api/staff/sso'),
  });
  const staff = useQuery({
    queryKey: ['staff-users'],
    queryFn: () => apiRequest<StaffUserList>('/api/staff-users'),
  });
  const owners = (staff.data?.users ?? []).filter((user) => user.role === 'owner' && !user.isDisabled);
  return (
    <section
      aria-labelledby="sso-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="sso-heading" className="text-lg font-semibold tracking-tight text-slate-950">
        Single sign-on
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-600">
        Staff sign in through your identity provider (Okta, Entra ID, Google Workspace or any OpenID Connect
        provider).
      </p>
      {settings.isError ? <ErrorBox detail={settings.error.message} /> : null}
      {settings.isPending || staff.isPending ? <Skeleton className="h-72 w-full" /> : null}
      {settings.data && staff.data ? (
        <SsoForm key={JSON.stringify(settings.data)} settings={settings.data} owners={owners} />
      ) : null}
    </section>
  );
}
