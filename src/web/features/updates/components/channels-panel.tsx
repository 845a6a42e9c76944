import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { type ChannelList, type ChannelView, channelKindLabels } from '../../../../shared/channels';
import { formatDateTime } from '../../../../shared/dates';
import { categoryLabels, type UpdateCategory } from '../../../../shared/update-texts';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiRequest } from '../../../lib/api-client';

const channelsKey = ['staff-subscriber-channels'] as const;

const statusLabels: Record<ChannelView['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Receiving',
  unsubscribed: 'Stopped',
  quarantined: 'Paused after failures',
};
const statusTone: Record<ChannelView['status'], string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-300',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  unsubscribed: 'bg-slate-100 text-slate-600 ring-slate-300',
  quarantined: 'bg-red-50 text-red-900 ring-red-200',
};

function receives(channel: ChannelView): string {
  const kinds = channel.categories
    ? channel.categories.map((category) => categoryLabels[category as UpdateCategory] ?? category).join(', ')
    : 'All';
  return channel.productNames ? `${kinds} · ${channel.productNames.join(', ')}` : kinds;
}

/** Chat channels that receive the updates (issue 34 §2): their health, resume after failures, remove. */
export function ChannelsPanel({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const channels = useQuery({
    queryKey: channelsKey,
    queryFn: () => apiRequest<ChannelList>('/api/subscribers/channels'),
  });
  const change = useMutation({
    mutationFn: ({ channelId, action }: { channelId: string; action: 'resume' | 'remove' }) =>
      action === 'resume'
        ? apiRequest(`/api/subscribers/channels/${encodeURIComponent(channelId)}/resume`, { method: 'POST' })
        : apiRequest(`/api/subscribers/channels/${encodeURIComponent(channelId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, { action }) => {
      toast.success(action === 'resume' ? 'Channel resumed' : 'Channel removed');
      return queryClient.invalidateQueries({ queryKey: channelsKey });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight text-slate-950">
          Chat channels
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Slack and Teams channels visitors connected from the subscribe button; each confirmed from a message
          posted there.
        </p>
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
        {channels.error ? (
          <ErrorBox detail={channels.error.message} />
        ) : !channels.data ? (
          <Skeleton className="h-16 w-full" />
        ) : channels.data.channels.length === 0 ? (
          <p className="text-sm text-slate-600">No channel receives the updates yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {channels.data.channels.map((channel) => (
              <li
                key={channel.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="channel-row"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words text-slate-900">
                    {channelKindLabels[channel.kind]} · {channel.urlHint}
                  </p>
                  <p className="text-slate-600">
                    Receives {receives(channel)}
                    {channel.lastDeliveredAt
                      ? ` · last posted ${formatDateTime(channel.lastDeliveredAt)}`
                      : ''}
                  </p>
                  {channel.lastError ? (
                    <p className="text-red-800">Last failure: {channel.lastError}</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusTone[channel.status]}`}
                  >
                    {statusLabels[channel.status]}
                  </span>
                  {canEdit && channel.status === 'quarantined' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ channelId: channel.id, action: 'resume' })}
                    >
                      Resume
                    </Button>
                  ) : null}
                  {canEdit ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={change.isPending}
                      aria-label={`Remove ${channel.urlHint}`}
                      onClick={() => change.mutate({ channelId: channel.id, action: 'remove' })}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
