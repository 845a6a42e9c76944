import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type AccessTokenView,
  accessTokenLimits,
  accessTokenMessages,
  type CreatedAccessToken,
} from '../../../../shared/access-tokens';
import { formatDate } from '../../../../shared/dates';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api-client';
import {
  accessTokensQueryKey,
  createAccessToken,
  fetchAccessTokens,
  revokeAccessToken,
} from '../api/access-tokens-api';
import { FieldError } from './form-parts';

type AccessTokensDialogProps = { view: PortalView; onClose(): void };

function tokenState(token: AccessTokenView): string {
  if (token.revokedAt) return `Revoked ${formatDate(token.revokedAt)}`;
  if (new Date(token.expiresAt).getTime() <= Date.now()) return `Expired ${formatDate(token.expiresAt)}`;
  const used = token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt)}` : 'never used';
  return `Expires ${formatDate(token.expiresAt)} · ${used}`;
}

/** The token, once: copy it now, it is not shown again. */
function NewToken({ created }: { created: CreatedAccessToken }) {
  const [isCopied, setCopied] = useState(false);
  return (
    <div className="mt-5 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="new-access-token">
      <p className="text-sm font-medium text-emerald-900">
        Copy the token for “{created.view.name}” now: it is not shown again.
      </p>
      <div className="mt-3 flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md bg-white px-2 py-1.5 font-mono text-xs text-slate-900 ring-1 ring-slate-200">
          {created.token}
        </code>
        <Button
          variant="secondary"
          size="sm"
          aria-label="Copy the token"
          onClick={() => {
            void navigator.clipboard?.writeText(created.token).then(() => setCopied(true));
          }}
        >
          {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Personal access tokens (issue 36): for an assistant or a script to read this trust center as the
 * member, through the MCP server or the API. Read-only; each can be revoked at once.
 */
export default function AccessTokensDialog({ view, onClose }: AccessTokensDialogProps) {
  const id = useId();
  const organisationSlug = view.organisation.slug;
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expiresInDays, setExpiresInDays] = useState<number>(accessTokenLimits.defaultExpiryDays);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const tokens = useQuery({
    queryKey: accessTokensQueryKey(organisationSlug),
    queryFn: () => fetchAccessTokens(organisationSlug),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey(organisationSlug) });
  const create = useMutation({
    mutationFn: () => createAccessToken(organisationSlug, { name, expiresInDays }),
    onSuccess: (answer) => {
      setCreated(answer);
      setName('');
      void refresh();
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : 'The token could not be made.'),
  });
  const revoke = useMutation({
    mutationFn: (tokenId: string) => revokeAccessToken(organisationSlug, tokenId),
    onSuccess: () => void refresh(),
  });
  const mcpUrl = `${window.location.origin}/${organisationSlug}/mcp`;
  const nameId = `${id}-name`;
  const expiryId = `${id}-expiry`;
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent
        title="Access tokens"
        description={`Let an AI assistant or a script read the ${view.organisation.name} Trust Center as you: with your access, read-only, until it expires or you revoke it.`}
      >
        <p className="mt-3 text-sm text-slate-600">
          MCP server: <code className="break-all font-mono text-xs text-slate-900">{mcpUrl}</code>, with the
          token as <code className="font-mono text-xs">Authorization: Bearer …</code>
        </p>
        <form
          className="mt-5 grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return setError(accessTokenMessages.nameRequired);
            setError(null);
            create.mutate();
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={nameId} className="block text-sm font-medium text-slate-800">
              Name
            </label>
            <Input
              id={nameId}
              value={name}
              maxLength={accessTokenLimits.nameMaxLength}
              placeholder="e.g. Claude Desktop"
              isInvalid={error !== null}
              aria-describedby={error ? `${nameId}-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={expiryId} className="block text-sm font-medium text-slate-800">
              Expires in
            </label>
            <Select
              id={expiryId}
              value={expiresInDays}
              onChange={(event) => setExpiresInDays(Number(event.target.value))}
            >
              {accessTokenLimits.expiryDaysChoices.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={create.isPending}>
            Create token
          </Button>
        </form>
        {error ? <FieldError id={`${nameId}-error`}>{error}</FieldError> : null}
        {created ? <NewToken created={created} /> : null}
        <h3 className="mt-6 text-sm font-semibold text-slate-900">Your tokens</h3>
        {tokens.data && tokens.data.tokens.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">You have no tokens yet.</p>
        ) : null}
        <ul className="mt-2 divide-y divide-slate-100" data-testid="access-token-list">
          {tokens.data?.tokens.map((token) => {
            const isLive = !token.revokedAt && new Date(token.expiresAt).getTime() > Date.now();
            return (
              <li key={token.id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{token.name}</p>
                  <p className="truncate text-xs text-slate-600">
                    <code className="font-mono">{token.prefix}</code> · {tokenState(token)}
                  </p>
                </div>
                {isLive ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => revoke.mutate(token.id)}
                  >
                    Revoke
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
