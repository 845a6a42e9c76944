import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { CardKind } from '../../../../../shared/card-kinds';
import {
  hackerOneHost,
  integrationsAllowed,
  integrationTexts,
  parseHackerOneLink,
  parseStatuspageLink,
} from '../../../../../shared/integrations';
import type { PortalView } from '../../../../../shared/portal';
import type { HackerOneData, StatuspageData } from '../../../../../shared/specialised-cards';
import { specialisedMessages } from '../../../../../shared/specialised-cards';
import { Button } from '../../../../components/ui/button';
import { describedBy, Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Switch } from '../../../../components/ui/switch';
import { ApiError } from '../../../../lib/api-client';
import { useRefreshPortalView } from '../../../../lib/portal-view-store';
import { UpgradeLock } from '../upgrade-lock';
import { IntegrationLiveSummary } from './integration-live-summary';
import {
  type AnyIntegrationState,
  connectIntegration,
  disconnectIntegration,
  fetchIntegrationState,
  type IntegrationKindKey,
  setShowOnTrustCenter,
} from './integrations-api';

const kindOfCard: Partial<Record<CardKind, IntegrationKindKey>> = {
  ApplicationSecurity: 'hackerone',
  Infrastructure: 'statuspage',
};

function linkError(kind: IntegrationKindKey, link: string): string | null {
  if (kind === 'hackerone') {
    return parseHackerOneLink(link) ? null : specialisedMessages.hackeroneInvalidLink(hackerOneHost);
  }
  return parseStatuspageLink(link) ? null : specialisedMessages.statuspageInvalid;
}

type PanelProps = { view: PortalView; kind: IntegrationKindKey };

/**
 * Connect, connected and disconnect (spec 2 §4) for the card's integration: the link is read-only
 * while connected; the status page adds 'Show on Trust Center'. Without the plan every control is
 * disabled with the upgrade tooltip.
 */
export function IntegrationPanel({ view, kind }: PanelProps) {
  const id = useId();
  const productId = view.product.productId;
  const queryKey = ['integration-state', kind, productId];
  const queryClient = useQueryClient();
  const refresh = useRefreshPortalView();
  const isAllowed = integrationsAllowed(view.planFeatures);
  const state = useQuery({
    queryKey,
    queryFn: () => fetchIntegrationState(kind, productId),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const settled = async (next: AnyIntegrationState | null) => {
    if (next) queryClient.setQueryData(queryKey, next);
    else await queryClient.invalidateQueries({ queryKey });
    await refresh();
  };
  const connect = useMutation({
    mutationFn: () => connectIntegration(kind, productId, link),
    onSuccess: async (next) => {
      setLink('');
      toast.success(integrationTexts.connectedToast);
      await settled(next);
    },
    onError: (caught) =>
      setError(caught instanceof ApiError ? caught.message : specialisedMessages.hackeroneUnknown),
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectIntegration(kind, productId),
    onSuccess: async () => {
      toast.success(integrationTexts.disconnected);
      await settled(null);
    },
    onError: (caught) => toast.error(caught instanceof ApiError ? caught.message : 'Save error'),
  });
  const toggle = useMutation({
    mutationFn: (showInCard: boolean) => setShowOnTrustCenter(productId, showInCard),
    onSuccess: async () => settled(null),
    onError: (caught) => toast.error(caught instanceof ApiError ? caught.message : 'Save error'),
  });

  const title = kind === 'hackerone' ? integrationTexts.bugBountyTitle : integrationTexts.statusPageTitle;
  const label = kind === 'hackerone' ? integrationTexts.programLink : integrationTexts.statusPageLink;
  const connection = state.data?.connection ?? null;
  const canChange = isAllowed && (state.data?.allowed ?? true);

  function submit() {
    const problem = link.trim() ? linkError(kind, link) : integrationTexts.linkRequired;
    setError(problem);
    if (!problem) connect.mutate();
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The panel sits inside the card's form: Enter connects instead of saving the card.
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5"
      aria-labelledby={`${id}-title`}
      data-testid="integration-panel"
      data-kind={kind}
    >
      <div className="flex items-center gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {connection ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {integrationTexts.connected}
          </span>
        ) : null}
        {canChange ? null : <UpgradeLock className="ms-auto" />}
      </div>
      <Field id={`${id}-link`} label={label} error={connection ? undefined : (error ?? undefined)}>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-link`}
            className="min-w-0 flex-1"
            value={connection ? connection.link : link}
            readOnly={Boolean(connection)}
            disabled={!canChange && !connection}
            placeholder={
              kind === 'hackerone' ? `https://${hackerOneHost}/acme` : 'https://status.example.com'
            }
            isInvalid={Boolean(error) && !connection}
            aria-describedby={describedBy(`${id}-link`, connection ? undefined : (error ?? undefined))}
            onChange={(event) => {
              setError(null);
              setLink(event.target.value);
            }}
            onKeyDown={connection ? undefined : onKeyDown}
          />
          {connection ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => disconnect.mutate()}
              disabled={disconnect.isPending}
            >
              {disconnect.isPending ? integrationTexts.disconnecting : integrationTexts.disconnect}
            </Button>
          ) : (
            <Button size="sm" onClick={submit} disabled={!canChange || connect.isPending || state.isPending}>
              {connect.isPending ? integrationTexts.connecting : integrationTexts.connect}
            </Button>
          )}
        </div>
      </Field>
      {connection && kind === 'statuspage' ? (
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-show`}
            checked={connection.showInCard}
            disabled={!canChange || toggle.isPending}
            onCheckedChange={(showInCard) => toggle.mutate(showInCard)}
          />
          <label htmlFor={`${id}-show`} className="text-sm font-medium text-slate-800">
            {integrationTexts.showOnTrustCenter}
          </label>
        </div>
      ) : null}
      {connection && state.data?.error ? (
        <p
          role="status"
          className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          {state.data.error}
        </p>
      ) : null}
      {connection && state.data?.data ? (
        <IntegrationLiveSummary kind={kind} data={state.data.data as HackerOneData | StatuspageData} />
      ) : null}
    </section>
  );
}

/** The card's integration panel, or nothing for cards without one. */
export function CardIntegrationPanel({ view, cardKind }: { view: PortalView; cardKind: CardKind }) {
  const kind = kindOfCard[cardKind];
  return kind ? <IntegrationPanel view={view} kind={kind} /> : null;
}
