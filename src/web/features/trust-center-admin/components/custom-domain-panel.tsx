import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates';
import type { CustomDomainStatus } from '../../../../shared/staff';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { apiRequest, isApiError } from '../../../lib/api-client';

const domainKey = ['staff', 'custom-domain'];

/** Console: request a custom domain, show its TXT record, verify it, remove it. */
export function CustomDomainPanel() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: domainKey,
    queryFn: () => apiRequest<CustomDomainStatus>('/api/staff/custom-domain'),
  });
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onDone = (next: CustomDomainStatus) => queryClient.setQueryData(domainKey, next);
  const request = useMutation({
    mutationFn: () =>
      apiRequest<CustomDomainStatus>('/api/staff/custom-domain', {
        method: 'PUT',
        body: { domain },
      }),
    onSuccess: (next) => {
      setError(undefined);
      setDomain('');
      onDone(next);
    },
    onError: (failure) =>
      setError((isApiError(failure) ? Object.values(failure.fields)[0] : undefined) ?? failure.message),
  });
  const verify = useMutation({
    mutationFn: () => apiRequest<CustomDomainStatus>('/api/staff/custom-domain/verify', { method: 'POST' }),
    onSuccess: (next) => {
      onDone(next);
      toast.success(`${next.activeDomain} is verified and in use`);
    },
    onError: (failure) => {
      void queryClient.invalidateQueries({ queryKey: domainKey });
      toast.error(failure.message);
    },
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<CustomDomainStatus>('/api/staff/custom-domain', { method: 'DELETE' }),
    onSuccess: onDone,
    onError: (failure) => toast.error(failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  if (status.isError) return <p role="alert">{status.error.message}</p>;
  if (!status.data)
    return (
      <p aria-busy="true" className="text-sm text-slate-600">
        Loading…
      </p>
    );
  const { activeDomain, claim } = status.data;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        {activeDomain ? (
          <>
            Your trust center answers on <strong>https://{activeDomain}</strong>.
          </>
        ) : (
          'No custom domain is in use: visitors reach the portal at its Attest address.'
        )}
      </p>
      {claim && !claim.isVerified ? (
        <div
          className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
          data-testid="domain-claim"
        >
          <p className="text-sm text-slate-800">
            To prove you control <strong>{claim.domain}</strong>, add this TXT record to its DNS, then verify.
            Point the domain's CNAME (or A record) at this server too.
          </p>
          <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-slate-700">Name</dt>
            <dd className="select-all break-all font-mono text-slate-900">{claim.recordName}</dd>
            <dt className="font-medium text-slate-700">Value</dt>
            <dd className="select-all break-all font-mono text-slate-900">{claim.recordValue}</dd>
          </dl>
          {claim.lastCheckedAt ? (
            <p className="text-xs text-slate-700">Last checked {formatDateTime(claim.lastCheckedAt)}.</p>
          ) : null}
          <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
            {verify.isPending ? 'Checking DNS…' : 'Verify'}
          </Button>
        </div>
      ) : null}
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="flex-1">
          <Field
            id="custom-domain"
            label={activeDomain || claim ? 'New custom domain' : 'Custom domain'}
            error={error}
          >
            <Input
              id="custom-domain"
              placeholder="trust.example.com"
              value={domain}
              isInvalid={Boolean(error)}
              aria-describedby={describedBy('custom-domain', error)}
              onChange={(event) => setDomain(event.target.value)}
            />
          </Field>
        </div>
        <Button type="submit" disabled={request.isPending || domain.trim() === ''}>
          Set domain
        </Button>
      </form>
      {activeDomain || claim ? (
        <Button variant="secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Remove custom domain
        </Button>
      ) : null}
    </div>
  );
}
