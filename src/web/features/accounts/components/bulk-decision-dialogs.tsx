import { useState } from 'react';
import { toast } from 'sonner';
import type { AccessRequestRow, PermissionProfile } from '../../../../shared/access';
import { type BulkDecisionResult, queueLimits } from '../../../../shared/access-queue';
import { countOf } from '../../../../shared/plural';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PartialBulkDecision, useBulkApprove, useBulkDecline } from '../api/access-requests';
import { AccessDaysField } from './access-days-field';
import { FormAlert } from './console-page';
import { ProfileSelect, profileIdValue } from './profile-select';
import { DecisionButtons, DeclineFields, useApproveForm, useDeclineForm } from './request-decision-dialogs';

/** What staff selected: every id, and the rows of those they saw (for names and kinds). */
export type BulkSelection = { ids: string[]; seen: AccessRequestRow[] };

type BulkDialogProps = {
  /** The dialog is open while this is not null. */
  selection: BulkSelection | null;
  onClose(): void;
  /** Called after the server answered, so the queue can clear its selection. */
  onDone(result: BulkDecisionResult): void;
};

const requestsWord = (count: number) => countOf(count, 'request');

function reportResult(result: BulkDecisionResult, verb: 'approved' | 'declined') {
  if (result.decidedIds.length === 0 && result.alreadyDecidedIds.length === 0) return;
  const skipped = result.alreadyDecidedIds.length;
  toast.success(
    `${requestsWord(result.decidedIds.length)} ${verb}${skipped > 0 ? `; ${countOf(skipped, 'request was', 'requests were')} already decided and left as they were` : ''}`,
  );
}

/**
 * Runs a bulk decision with progress; a run that stopped part-way reports what it decided, closes
 * nothing and shows why it stopped, so staff can decide the rest again.
 */
function useBatchedRun(
  verb: 'approved' | 'declined',
  props: Pick<BulkDialogProps, 'onClose' | 'onDone'>,
  onServerError: (error: unknown) => void,
) {
  const [done, setDone] = useState<number | null>(null);
  const callbacks = (selection: BulkSelection) => ({
    onSuccess: (result: BulkDecisionResult) => {
      reportResult(result, verb);
      props.onDone(result);
      props.onClose();
    },
    onError: (error: unknown) => {
      if (!(error instanceof PartialBulkDecision)) return onServerError(error);
      reportResult(error.decided, verb);
      props.onDone(error.decided);
      const left =
        selection.ids.length - error.decided.decidedIds.length - error.decided.alreadyDecidedIds.length;
      onServerError(error.failure);
      toast.error(`Stopped with ${countOf(left, 'request')} still pending: try again to decide them.`);
    },
    onSettled: () => setDone(null),
  });
  return { done, setDone, callbacks };
}

const progressLabel = (pending: string, done: number | null, count: number) =>
  done === null || count <= queueLimits.bulkMax ? pending : `${pending} ${done} of ${count}`;

function ApproveSelectionForm({
  selection,
  defaultAccessDays,
  profiles,
  onClose,
  onDone,
}: BulkDialogProps & {
  selection: BulkSelection;
  defaultAccessDays: number | undefined;
  profiles: PermissionProfile[];
}) {
  const approve = useBulkApprove();
  const { form, formError, setFormError, onServerError } = useApproveForm(defaultAccessDays, null);
  const { errors } = form.formState;
  const count = selection.ids.length;
  const run = useBatchedRun('approved', { onClose, onDone }, onServerError);

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    run.setDone(0);
    approve.mutate({ ids: selection.ids, input, onProgress: run.setDone }, run.callbacks(selection));
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <AccessDaysField
        id="bulk-approve-access-days"
        error={errors.accessDays?.message}
        registration={form.register('accessDays', { valueAsNumber: true })}
      />
      <ProfileSelect
        id="bulk-approve-permission-profile"
        profiles={profiles}
        error={errors.permissionProfileId?.message}
        registration={form.register('permissionProfileId', { setValueAs: profileIdValue })}
      />
      <FormAlert message={formError} />
      <DecisionButtons
        isPending={approve.isPending}
        label={`Approve ${requestsWord(count)}`}
        pendingLabel={progressLabel('Approving…', run.done, count)}
      />
    </form>
  );
}

function selectionSummary({ ids, seen }: BulkSelection) {
  const names = seen.slice(0, 3).map((request) => `${request.firstName} ${request.lastName}`.trim());
  const more = ids.length - names.length;
  if (names.length === 0) return `The ${countOf(ids.length, 'request')}`;
  return more > 0 ? `${names.join(', ')} and ${countOf(more, 'other')}` : names.join(', ');
}

function renewalsNote({ ids, seen }: BulkSelection) {
  if (seen.length < ids.length) return " Renewals and extensions keep their account's permission profile.";
  const renewals = seen.filter((request) => request.kind !== 'access').length;
  if (renewals === 0) return '';
  return ` ${countOf(renewals, 'renewal or extension keeps its', 'renewals and extensions keep their')} account's permission profile.`;
}

/** One duration and one profile for every selected request, confirmed with how many it approves. */
export function BulkApproveDialog(
  props: BulkDialogProps & { defaultAccessDays: number | undefined; profiles: PermissionProfile[] },
) {
  const { selection, onClose } = props;
  return (
    <Dialog open={selection !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {selection ? (
        <DialogContent
          title={`Approve ${countOf(selection.ids.length, 'access request')}?`}
          description={`${selectionSummary(selection)} will each get access for the time you choose and an e-mail with a sign-in link.${renewalsNote(selection)}`}
        >
          <ApproveSelectionForm {...props} selection={selection} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DeclineSelectionForm({
  selection,
  onClose,
  onDone,
}: BulkDialogProps & { selection: BulkSelection }) {
  const decline = useBulkDecline();
  const { form, formError, setFormError, onServerError } = useDeclineForm();
  const count = selection.ids.length;
  const run = useBatchedRun('declined', { onClose, onDone }, onServerError);

  const submit = form.handleSubmit(({ reason, declinedBy }) => {
    setFormError(null);
    run.setDone(0);
    const input = reason ? { reason, declinedBy } : { declinedBy };
    decline.mutate({ ids: selection.ids, input, onProgress: run.setDone }, run.callbacks(selection));
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <DeclineFields
        form={form}
        reasonId="bulk-decline-reason"
        reasonHint="The same reason goes in every requester's e-mail and is kept with each request."
      />
      <FormAlert message={formError} />
      <DecisionButtons
        isPending={decline.isPending}
        label={`Decline ${requestsWord(count)}`}
        pendingLabel={progressLabel('Declining…', run.done, count)}
        isDecline
      />
    </form>
  );
}

/** One reason for every selected request, confirmed with how many it declines. */
export function BulkDeclineDialog(props: BulkDialogProps) {
  const { selection, onClose } = props;
  return (
    <Dialog open={selection !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {selection ? (
        <DialogContent
          title={`Decline ${countOf(selection.ids.length, 'access request')}?`}
          description={`${selectionSummary(selection)} will not get access; each is told by e-mail.`}
        >
          <DeclineSelectionForm {...props} selection={selection} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
