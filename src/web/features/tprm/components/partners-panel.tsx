import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type Partner, PartnerInput, type PartnerList } from '../../../../shared/tprm';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { apiRequest, isApiError } from '../../../lib/api-client';

const queryKey = ['console', 'tprm-partners'] as const;

/** The TPRM tools members may send their data to; the instructions link shows next to the token. */
export function PartnersPanel({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [instructionsUrl, setInstructionsUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const partners = useQuery({ queryKey, queryFn: () => apiRequest<PartnerList>('/api/tprm/partners') });
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const create = useMutation({
    mutationFn: (body: unknown) => apiRequest<Partner>('/api/tprm/partners', { method: 'POST', body }),
    onSuccess: () => {
      setName('');
      setDomain('');
      setInstructionsUrl('');
      refresh();
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : 'The partner could not be saved.'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/tprm/partners/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PartnerInput.safeParse({ name, domain, instructionsUrl: instructionsUrl.trim() || null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data);
  }
  return (
    <div className="space-y-6">
      {partners.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {partners.error.message}
        </p>
      ) : null}
      <ul
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        data-testid="partner-list"
      >
        {(partners.data?.partners ?? []).map((partner) => (
          <li key={partner.id} className="flex items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{partner.name}</p>
              <p className="truncate text-sm text-slate-600">
                {[partner.domain, partner.instructionsUrl].filter(Boolean).join(' · ') ||
                  'No instructions link'}
              </p>
            </div>
            {canEdit ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(partner.id)}
              >
                Delete <span className="sr-only">{partner.name}</span>
              </Button>
            ) : null}
          </li>
        ))}
        {partners.data?.partners.length === 0 ? (
          <li className="p-4 text-sm text-slate-600">No partners yet.</li>
        ) : null}
      </ul>
      {canEdit ? (
        <form
          onSubmit={submit}
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3"
          noValidate
        >
          <Field id={`${formId}-name`} label="Name" error={error}>
            <Input id={`${formId}-name`} value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Field id={`${formId}-domain`} label="Domain">
            <Input
              id={`${formId}-domain`}
              value={domain}
              placeholder="example.com"
              onChange={(event) => setDomain(event.target.value)}
            />
          </Field>
          <Field id={`${formId}-url`} label="Instructions URL">
            <Input
              id={`${formId}-url`}
              type="url"
              value={instructionsUrl}
              placeholder="https://"
              onChange={(event) => setInstructionsUrl(event.target.value)}
            />
          </Field>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={create.isPending}>
              Add partner
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
