import { toast } from 'sonner';
import type { AccessRequestRow, PermissionProfile } from '../../../../shared/access';
import type { BulkDecisionResult } from '../../../../shared/access-queue';
import { countOf } from '../../../../shared/plural';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useBulkApprove, useBulkDecline } from '../api/access-requests';
import { AccessDaysField } from './access-days-field';
import { FormAlert } from './console-page';
import { ProfileSelect, profileIdValue } from './profile-select';
import { DecisionButtons, DeclineFields, useApproveForm, useDeclineForm } from './request-decision-dialogs';

type BulkDialogProps = {
  /** The selected requests; the dialog is open while this is not null. */
  requests: AccessRequestRow[] | null;
  onClose(): void;
  /** Called after the server answered, so the queue can clear its selection. */
  onDone(result: BulkDecisionResult): void;
};

const requestsWord = (count: number) => countOf(count, 'request');

function reportResult(result: BulkDecisionResult, verb: 'approved' | 'declined') {
  const skipped = result.alreadyDecidedIds.length;
  toast.success(
    `${requestsWord(result.decidedIds.length)} ${verb}${skipped > 0 ? `; ${countOf(skipped, 'request was', 'requests were')} already decided and left as they were` : ''}`,
  );
}

function ApproveSelectionForm({
  requests,
  defaultAccessDays,
  profiles,
  onClose,
  onDone,
}: BulkDialogProps & {
  requests: AccessRequestRow[];
  defaultAccessDays: number | undefined;
  profiles: PermissionProfile[];
}) {
  const approve = useBulkApprove();
  const { form, formError, setFormError, onServerError } = useApproveForm(defaultAccessDays, null);
  const { errors } = form.formState;
  const count = requests.length;

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    approve.mutate(
      { ids: requests.map((request) => request.id), ...input },
      {
        onSuccess: (result) => {
          reportResult(result, 'approved');
          onDone(result);
          onClose();
        },
        onError: onServerError,
      },
    );
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
        pendingLabel="Approving…"
      />
    </form>
  );
}

function selectionSummary(requests: AccessRequestRow[]) {
  const names = requests.slice(0, 3).map((request) => `${request.firstName} ${request.lastName}`.trim());
  const more = requests.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${countOf(more, 'other')}` : names.join(', ');
}

/** One duration and one profile for every selected request, confirmed with how many it approves. */
export function BulkApproveDialog(
  props: BulkDialogProps & { defaultAccessDays: number | undefined; profiles: PermissionProfile[] },
) {
  const { requests, onClose } = props;
  const renewals = requests?.filter((request) => request.kind !== 'access').length ?? 0;
  return (
    <Dialog open={requests !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {requests ? (
        <DialogContent
          title={`Approve ${countOf(requests.length, 'access request')}?`}
          description={`${selectionSummary(requests)} will each get access for the time you choose and an e-mail with a sign-in link.${renewals > 0 ? ` ${countOf(renewals, 'renewal or extension keeps its', 'renewals and extensions keep their')} account's permission profile.` : ''}`}
        >
          <ApproveSelectionForm {...props} requests={requests} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DeclineSelectionForm({
  requests,
  onClose,
  onDone,
}: BulkDialogProps & { requests: AccessRequestRow[] }) {
  const decline = useBulkDecline();
  const { form, formError, setFormError, onServerError } = useDeclineForm();
  const count = requests.length;

  const submit = form.handleSubmit(({ reason, declinedBy }) => {
    setFormError(null);
    const ids = requests.map((request) => request.id);
    decline.mutate(reason ? { ids, reason, declinedBy } : { ids, declinedBy }, {
      onSuccess: (result) => {
        reportResult(result, 'declined');
        onDone(result);
        onClose();
      },
      onError: onServerError,
    });
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
        pendingLabel="Declining…"
        isDecline
      />
    </form>
  );
}

/** One reason for every selected request, confirmed with how many it declines. */
export function BulkDeclineDialog(props: BulkDialogProps) {
  const { requests, onClose } = props;
  return (
    <Dialog open={requests !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {requests ? (
        <DialogContent
          title={`Decline ${countOf(requests.length, 'access request')}?`}
          description={`${selectionSummary(requests)} will not get access; each is told by e-mail.`}
        >
          <DeclineSelectionForm {...props} requests={requests} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
