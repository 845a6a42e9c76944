import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates';
import type { IssuedScimToken, ScimSettingsView } from '../../../../shared/scim';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiRequest } from '../../../lib/api-client';

const scimKey = ['staff-scim'] as const;

function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="min-w-0 rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-200">
        {value}
      </code>
      <CopyButton text={value} label={label} copiedLabel="Copied" confirmationMs={3000} />
    </div>
  );
}

/**
 * Owners turn on provisioning (SCIM 2.0): the identity provider creates staff and deactivates leavers.
 * The token is shown once, right after it is made; replacing it stops the old one at once.
 */
export function ScimPanel() {
  const queryClient = useQueryClient();
  const [issuedToken, setIssuedToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const settings = useQuery({
    queryKey: scimKey,
    queryFn: () => apiRequest<ScimSettingsView>('/api/staff/scim'),
  });
  const issue = useMutation({
    mutationFn: () => apiRequest<IssuedScimToken>('/api/staff/scim/token', { method: 'POST' }),
    onSuccess: ({ token, ...view }) => {
      queryClient.setQueryData(scimKey, view);
      setIssuedToken(token);
      setConfirming(null);
    },
    onError: (error) => toast.error(error.message),
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest<ScimSettingsView>('/api/staff/scim/token', { method: 'DELETE' }),
    onSuccess: (view) => {
      queryClient.setQueryData(scimKey, view);
      setIssuedToken(null);
      setConfirming(null);
      toast.success('Provisioning turned off');
    },
    onError: (error) => toast.error(error.message),
  });
  const view = settings.data;

  return (
    <section
      aria-labelledby="scim-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="scim-heading" className="text-lg font-semibold tracking-tight text-slate-950">
        Provisioning (SCIM)
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-600">
        Your identity provider adds staff, keeps their names and roles up to date, and deactivates leavers:
        their sessions end at once. Owners are still made here, by an owner.
      </p>
      {settings.isError ? <ErrorBox detail={settings.error.message} /> : null}
      {settings.isPending ? <Skeleton className="h-32 w-full" /> : null}
      {view ? (
        <div className="space-y-4">
          <div className="space-y-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
            <p>SCIM base URL (the tenant URL in Entra ID, the base URL in Okta):</p>
            <CopyableValue label="Copy SCIM base URL" value={view.baseUrl} />
          </div>
          {issuedToken ? (
            <div
              role="status"
              className="space-y-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
            >
              <p className="font-medium">Copy the token now: it is not shown again.</p>
              <CopyableValue label="Copy SCIM token" value={issuedToken} />
              <p>Give it to your identity provider as the bearer token (secret token).</p>
            </div>
          ) : null}
          {view.isEnabled ? (
            <p className="text-sm text-slate-700">
              {`Provisioning is on with the token ending …${view.tokenHint}, made ${formatDateTime(view.createdAt!)}; `}
              {view.lastUsedAt ? `last used ${formatDateTime(view.lastUsedAt)}.` : 'not used yet.'}
            </p>
          ) : (
            <p className="text-sm text-slate-700">Provisioning is off.</p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {view.isEnabled ? (
              <>
                <Button variant="secondary" onClick={() => setConfirming('revoke')}>
                  Turn off provisioning
                </Button>
                <Button onClick={() => setConfirming('replace')}>Replace token</Button>
              </>
            ) : (
              <Button onClick={() => issue.mutate()} disabled={issue.isPending}>
                {issue.isPending ? 'Making the token…' : 'Make a SCIM token'}
              </Button>
            )}
          </div>
        </div>
      ) : null}
      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => setConfirming(open ? confirming : null)}
        title={confirming === 'revoke' ? 'Turn off provisioning?' : 'Replace the SCIM token?'}
        description={
          confirming === 'revoke'
            ? 'Your identity provider’s calls are refused from now on. Staff it added stay as they are.'
            : 'The current token stops working at once: give the new one to your identity provider.'
        }
        confirmLabel={confirming === 'revoke' ? 'Turn off' : 'Replace token'}
        isDestructive={confirming === 'revoke'}
        isBusy={issue.isPending || revoke.isPending}
        onConfirm={() => (confirming === 'revoke' ? revoke.mutate() : issue.mutate())}
      />
    </section>
  );
}
