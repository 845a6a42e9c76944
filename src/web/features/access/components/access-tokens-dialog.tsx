import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type AccessTokenView,
  accessTokenLimits,
  type CreatedAccessToken,
} from '../../../../shared/access-tokens';
import type { Translator } from '../../../../shared/i18n/translator';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api-client';
import { translateWithElements, useTranslator } from '../../../lib/i18n';
import {
  accessTokensQueryKey,
  createAccessToken,
  fetchAccessTokens,
  revokeAccessToken,
} from '../api/access-tokens-api';
import { FieldError } from './form-parts';

type AccessTokensDialogProps = { view: PortalView; onClose(): void };

function tokenState({ t, date }: Translator, token: AccessTokenView): string {
  if (token.revokedAt) return t('tokens.revokedOn', { date: date(token.revokedAt) });
  if (new Date(token.expiresAt).getTime() <= Date.now()) {
    return t('tokens.expiredOn', { date: date(token.expiresAt) });
  }
  const used = token.lastUsedAt
    ? t('tokens.lastUsed', { date: date(token.lastUsedAt) })
    : t('tokens.neverUsed');
  return `${t('tokens.expiresOn', { date: date(token.expiresAt) })} · ${used}`;
}

/** The token, once: copy it now, it is not shown again. */
function NewToken({ created }: { created: CreatedAccessToken }) {
  const { t } = useTranslator();
  const [isCopied, setCopied] = useState(false);
  return (
    <div className="mt-5 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="new-access-token">
      <p className="text-sm font-medium text-emerald-900">
        {t('tokens.copyNow', { name: created.view.name })}
      </p>
      <div className="mt-3 flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md bg-white px-2 py-1.5 font-mono text-xs text-slate-900 ring-1 ring-slate-200">
          {created.token}
        </code>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('tokens.copyLabel')}
          onClick={() => {
            void navigator.clipboard?.writeText(created.token).then(() => setCopied(true));
          }}
        >
          {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {isCopied ? t('tokens.copied') : t('tokens.copy')}
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
  const translator = useTranslator();
  const { t } = translator;
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
    onError: (failure) => setError(isApiError(failure) ? failure.message : t('tokens.createFailed')),
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
        title={t('header.accessTokens')}
        description={t('tokens.description', { organisation: view.organisation.name })}
      >
        <p className="mt-3 text-sm text-slate-600">
          {translateWithElements(translator, 'tokens.mcpServer', {
            url: <code className="break-all font-mono text-xs text-slate-900">{mcpUrl}</code>,
            header: <code className="font-mono text-xs">Authorization: Bearer …</code>,
          })}
        </p>
        <form
          className="mt-5 grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return setError(t('tokens.nameRequired'));
            setError(null);
            create.mutate();
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={nameId} className="block text-sm font-medium text-slate-800">
              {t('tokens.name')}
            </label>
            <Input
              id={nameId}
              value={name}
              maxLength={accessTokenLimits.nameMaxLength}
              placeholder={t('tokens.namePlaceholder')}
              isInvalid={error !== null}
              aria-describedby={error ? `${nameId}-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={expiryId} className="block text-sm font-medium text-slate-800">
              {t('tokens.expiresIn')}
            </label>
            <Select
              id={expiryId}
              value={expiresInDays}
              onChange={(event) => setExpiresInDays(Number(event.target.value))}
            >
              {accessTokenLimits.expiryDaysChoices.map((days) => (
                <option key={days} value={days}>
                  {t('tokens.days', { count: days })}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {t('tokens.create')}
          </Button>
        </form>
        {error ? <FieldError id={`${nameId}-error`}>{error}</FieldError> : null}
        {created ? <NewToken created={created} /> : null}
        <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('tokens.yours')}</h3>
        {tokens.data && tokens.data.tokens.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('tokens.none')}</p>
        ) : null}
        <ul className="mt-2 divide-y divide-slate-100" data-testid="access-token-list">
          {tokens.data?.tokens.map((token) => {
            const isLive = !token.revokedAt && new Date(token.expiresAt).getTime() > Date.now();
            return (
              <li key={token.id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{token.name}</p>
                  <p className="truncate text-xs text-slate-600">
                    <code className="font-mono">{token.prefix}</code> · {tokenState(translator, token)}
                  </p>
                </div>
                {isLive ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={t('tokens.revokeNamed', { name: token.name })}
                    onClick={() => revoke.mutate(token.id)}
                  >
                    {t('tokens.revoke')}
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
