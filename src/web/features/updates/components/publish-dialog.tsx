import { useState } from 'react';
import { toast } from 'sonner';
import { updateMessages } from '../../../../shared/update-texts';
import type { AddUpdateInput, CreateTopicInput } from '../../../../shared/updates';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { addUpdate, createTopic, useStaffTopics, useTopicMutation } from '../api/staff-updates';
import { type PublishIssues, type PublishMode, serverIssues } from '../lib/publish-form';
import { updateTexts } from '../lib/update-texts';
import { PublishForm } from './publish-form';

type PublishDialogProps = {
  isOpen: boolean;
  /** A new topic with its first update, or a further update of an existing topic. */
  mode?: PublishMode;
  onClose(isPublished: boolean): void;
};

const createMode: PublishMode = { kind: 'create' };

/** The publish dialog, loaded only when staff open it (in place on the portal, or in the console). */
export default function PublishDialog({ isOpen, mode = createMode, onClose }: PublishDialogProps) {
  const topics = useStaffTopics({ isEnabled: isOpen });
  const [issues, setIssues] = useState<PublishIssues>({});
  const publish = useTopicMutation((payload: CreateTopicInput | AddUpdateInput) =>
    mode.kind === 'create'
      ? createTopic(payload as CreateTopicInput)
      : addUpdate(mode.topicId, payload as AddUpdateInput),
  );

  function submit(payload: CreateTopicInput | AddUpdateInput) {
    setIssues({});
    publish.mutate(payload, {
      onSuccess: () => {
        toast.success(mode.kind === 'create' ? updateMessages.topicCreated : updateMessages.updateAdded);
        onClose(true);
      },
      onError: (error) => {
        const fields = isApiError(error) ? serverIssues(error.fields) : {};
        if (Object.keys(fields).length > 0) setIssues(fields);
        else setIssues({ form: error.message });
      },
    });
  }

  const title = mode.kind === 'create' ? updateTexts.publishUpdate : updateTexts.addUpdate;
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : onClose(false))}>
      <DialogContent
        title={title}
        description="Publish to the trust center's updates card, by e-mail, or both."
        className="max-w-2xl"
      >
        <PublishForm
          key={mode.kind === 'create' ? 'create' : mode.topicId}
          mode={mode}
          subscriberCount={topics.data?.emailSubscriberCount ?? null}
          products={topics.data?.products ?? []}
          isSubmitting={publish.isPending}
          serverIssues={issues}
          onSubmit={submit}
          onCancel={() => onClose(false)}
          onChange={() => (Object.keys(issues).length > 0 ? setIssues({}) : undefined)}
        />
      </DialogContent>
    </Dialog>
  );
}
