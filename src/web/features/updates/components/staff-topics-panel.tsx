import { MoreHorizontal, Pin, Plus, Rss, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import { updateMessages } from '../../../../shared/update-texts';
import type { EditTopicInput, StaffTopicView } from '../../../../shared/updates';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../../components/ui/menu';
import { RichText } from '../../../components/ui/rich-text';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import { deleteTopic, editTopic, useStaffTopics, useTopicMutation } from '../api/staff-updates';
import type { PublishMode } from '../lib/publish-form';
import { updateTexts } from '../lib/update-texts';
import { DeliveryProgress } from './delivery-progress';
import { EditTopicDialog } from './edit-topic-dialog';
import {
  CategoryBadge,
  HiddenMarker,
  PinnedMarker,
  PrivateAudienceMarker,
  ProductBadge,
} from './update-badges';

const PublishDialog = lazy(() => import('./publish-dialog'));

type StaffTopicsPanelProps = {
  organisationSlug: string;
  /** statuspage:edit: without it the list is read-only. */
  canEdit: boolean;
};

function channelSummary(update: StaffTopicView['updates'][number]): string {
  const parts: string[] = [];
  if (update.channels.statusPage) parts.push('Status page');
  const { email } = update.channels;
  if (email.enabled) {
    const recipients = [
      email.subscribers ? 'subscribers' : null,
      email.audience.length > 0
        ? `${email.audience.length} ${email.audience.length === 1 ? 'address' : 'addresses'}`
        : null,
    ].filter(Boolean);
    parts.push(`E-mail to ${recipients.join(' and ')}`);
  }
  return parts.join(' · ');
}

type TopicActions = {
  onAddUpdate(topic: StaffTopicView): void;
  onEdit(topic: StaffTopicView): void;
  onToggle(topic: StaffTopicView, input: EditTopicInput, message: string): void;
  onDelete(topic: StaffTopicView): void;
};

function StaffTopicCard({
  topic,
  canEdit,
  actions,
  productName,
}: {
  topic: StaffTopicView;
  canEdit: boolean;
  actions: TopicActions;
  productName: string | null;
}) {
  return (
    <article
      aria-label={topic.subject}
      data-testid="staff-topic"
      className={classNames(
        'rounded-2xl border bg-white shadow-xs',
        topic.isHidden ? 'border-dashed border-slate-300' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-start gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-base font-semibold tracking-tight break-words text-slate-950">
              {topic.subject}
            </h2>
            {topic.isPinned ? <PinnedMarker /> : null}
            {topic.isHidden ? <HiddenMarker /> : null}
            <CategoryBadge category={topic.category} />
            {productName ? <ProductBadge name={productName} /> : null}
          </div>
          <p className="mt-1 text-xs text-slate-500">
            Started {formatDate(topic.createdAt)} · {topic.updates.length}{' '}
            {topic.updates.length === 1 ? 'update' : 'updates'}
          </p>
        </div>
        {canEdit ? (
          <div className="flex shrink-0 items-center gap-2">
            <Button size="sm" variant="secondary" onClick={() => actions.onAddUpdate(topic)}>
              <Plus className="size-4" aria-hidden />
              {updateTexts.addUpdate}
            </Button>
            <Menu modal={false}>
              <MenuTrigger asChild>
                <Button size="sm" variant="ghost" aria-label={`Actions for ${topic.subject}`}>
                  <MoreHorizontal className="size-4" aria-hidden />
                </Button>
              </MenuTrigger>
              <MenuContent>
                <MenuItem onSelect={() => actions.onEdit(topic)}>Edit subject and category</MenuItem>
                <MenuItem
                  onSelect={() =>
                    actions.onToggle(
                      topic,
                      { isPinned: !topic.isPinned },
                      topic.isPinned ? updateMessages.topicUnpinned : updateMessages.topicPinned,
                    )
                  }
                >
                  {topic.isPinned ? 'Unpin' : 'Pin to the top'}
                </MenuItem>
                <MenuItem
                  onSelect={() =>
                    actions.onToggle(
                      topic,
                      { isHidden: !topic.isHidden },
                      topic.isHidden ? updateMessages.topicShown : updateMessages.topicHidden,
                    )
                  }
                >
                  {topic.isHidden ? 'Show on the trust center' : 'Hide from the trust center'}
                </MenuItem>
                <MenuSeparator />
                <MenuItem className="text-red-700" onSelect={() => actions.onDelete(topic)}>
                  Delete topic
                </MenuItem>
              </MenuContent>
            </Menu>
          </div>
        ) : null}
      </div>
      <ol className="divide-y divide-slate-100">
        {topic.updates.map((update) => (
          <li key={update.id} className="space-y-3 px-5 py-4">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
              <time dateTime={update.createdAt} className="font-medium text-slate-700">
                {formatDate(update.createdAt)}
              </time>
              <span>{channelSummary(update)}</span>
              {update.channels.statusPageAudience === 'private' ? <PrivateAudienceMarker /> : null}
            </div>
            <RichText html={update.html} className="line-clamp-6" />
            {update.channels.email.enabled ? <DeliveryProgress delivery={update.delivery} /> : null}
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The console's updates: every topic (hidden ones too), delivery progress, and the ways to publish and edit. */
export function StaffTopicsPanel({ organisationSlug, canEdit }: StaffTopicsPanelProps) {
  const topics = useStaffTopics();
  const productNames = new Map((topics.data?.products ?? []).map((product) => [product.id, product.name]));
  const [publishMode, setPublishMode] = useState<PublishMode | null>(null);
  const [editing, setEditing] = useState<StaffTopicView | null>(null);
  const [deleting, setDeleting] = useState<StaffTopicView | null>(null);
  const toggle = useTopicMutation(({ id, input }: { id: string; input: EditTopicInput }) =>
    editTopic(id, input),
  );
  const remove = useTopicMutation((id: string) => deleteTopic(id));

  const actions: TopicActions = {
    onAddUpdate: (topic) => setPublishMode({ kind: 'add', topicId: topic.id, subject: topic.subject }),
    onEdit: setEditing,
    onToggle: (topic, input, message) =>
      toggle.mutate(
        { id: topic.id, input },
        { onSuccess: () => toast.success(message), onError: (error) => toast.error(error.message) },
      ),
    onDelete: setDeleting,
  };
  const feedBase = `/${encodeURIComponent(organisationSlug)}/updates`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Updates</h1>
          <p className="mt-1 text-sm text-slate-600">
            Trust updates on your trust center, and the e-mails that carry them to subscribers.
          </p>
        </div>
        {canEdit ? (
          <Button onClick={() => setPublishMode({ kind: 'create' })} data-testid="console-publish-update">
            <Plus className="size-4" aria-hidden />
            {updateTexts.publishUpdate}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-xl bg-white px-5 py-3 text-sm text-slate-600 shadow-xs ring-1 ring-slate-200">
        <span className="inline-flex items-center gap-2" data-testid="subscriber-count">
          <Users className="size-4 text-slate-500" aria-hidden />
          {topics.data ? (
            <>
              <span className="font-semibold text-slate-950">{topics.data.emailSubscriberCount}</span>{' '}
              confirmed e-mail {topics.data.emailSubscriberCount === 1 ? 'subscriber' : 'subscribers'}
            </>
          ) : (
            <Skeleton className="h-4 w-40" />
          )}
        </span>
        <span className="inline-flex items-center gap-2">
          <Rss className="size-4 text-slate-500" aria-hidden />
          Feeds:
          <a
            className="font-medium text-brand-ink underline-offset-4 hover:underline"
            href={`${feedBase}.atom`}
          >
            Atom
          </a>
          <a
            className="font-medium text-brand-ink underline-offset-4 hover:underline"
            href={`${feedBase}.json`}
          >
            JSON Feed
          </a>
        </span>
      </div>
      {topics.isError ? <ErrorBox detail={topics.error.message} /> : null}
      {topics.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : null}
      {topics.data && topics.data.topics.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Pin className="size-6 text-slate-400" aria-hidden />
          <p className="font-medium text-slate-900">{updateMessages.noUpdates}</p>
          <p className="max-w-md text-sm text-slate-600">{updateTexts.emptyForStaff}</p>
        </div>
      ) : null}
      {topics.data?.topics.map((topic) => (
        <StaffTopicCard
          key={topic.id}
          topic={topic}
          canEdit={canEdit}
          actions={actions}
          productName={productNames.get(topic.productId ?? '') ?? null}
        />
      ))}
      {publishMode ? (
        <Suspense fallback={null}>
          <PublishDialog isOpen mode={publishMode} onClose={() => setPublishMode(null)} />
        </Suspense>
      ) : null}
      {editing ? <EditTopicDialog topic={editing} onClose={() => setEditing(null)} /> : null}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title="Delete this topic?"
        description={`"${deleting?.subject ?? ''}" and all its updates disappear from the trust center and feeds. E-mails already sent stay sent.`}
        confirmLabel="Delete topic"
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Topic deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </div>
  );
}
