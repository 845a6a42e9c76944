import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  AccessDays,
  type AccessRequestRow,
  accessLimits,
  DeclineAccessInput,
  type DeclinedBy,
  type PermissionProfile,
} from '../../../../shared/access';
import type { BulkDecisionResult } from '../../../../shared/access-queue';
import { countOf } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useBulkApprove, useBulkDecline } from '../api/access-requests';
import { applyServerErrors } from '../lib/form-errors';
import { declinedByLabels } from '../lib/format';
import { AccessDaysField, accessDaysErrorMap } from './access-days-field';
import { FormAlert } from './console-page';
import { ProfileSelect, profileIdValue } from './profile-select';

type BulkDialogProps = {
  /** The selected requests; the dialog is open while this is not null. */
  requests: AccessRequestRow[] | null;
  csrfToken: string;
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

const BulkApproveForm = z.object({
  accessDays: AccessDays,
  permissionProfileId: z.string().uuid().nullable().optional(),
});

function ApproveSelectionForm({
  requests,
  csrfToken,
  defaultAccessDays,
  profiles,
  onClose,
  onDone,
}: BulkDialogProps & {
  requests: AccessRequestRow[];
  defaultAccessDays: number | undefined;
  profiles: PermissionProfile[];
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const approve = useBulkApprove(csrfToken);
  const form = useForm({
    resolver: zodResolver(BulkApproveForm, { error: accessDaysErrorMap }),
    defaultValues: { accessDays: defaultAccessDays, permissionProfileId: null },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (defaultAccessDays !== undefined && !form.getFieldState('accessDays').isDirty) {
      form.resetField('accessDays', { defaultValue: defaultAccessDays });
    }
  }, [defaultAccessDays, form]);
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
        onError: (error) =>
          setFormError(
            applyServerErrors(
              error,
              (path) => path === 'accessDays' || path === 'permissionProfileId',
              (path, message) =>
                form.setError(path as 'accessDays' | 'permissionProfileId', { type: 'server', message }),
            ),
          ),
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
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={approve.isPending}>
          {approve.isPending ? 'Approving…' : `Approve ${requestsWord(count)}`}
        </Button>
      </div>
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
  const renewals = requests?.filter((request) => request.kind === 'renewal').length ?? 0;
  return (
    <Dialog open={requests !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {requests ? (
        <DialogContent
          title={`Approve ${countOf(requests.length, 'access request')}?`}
          description={`${selectionSummary(requests)} will each get access for the time you choose and an e-mail with a sign-in link.${renewals > 0 ? ` ${countOf(renewals, 'renewal keeps its', 'renewals keep their')} account's permission profile.` : ''}`}
        >
          <ApproveSelectionForm {...props} requests={requests} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DeclineSelectionForm({
  requests,
  csrfToken,
  onClose,
  onDone,
}: BulkDialogProps & { requests: AccessRequestRow[] }) {
  const [formError, setFormError] = useState<string | null>(null);
  const decline = useBulkDecline(csrfToken);
  const form = useForm({
    resolver: zodResolver(DeclineAccessInput),
    defaultValues: { reason: '', declinedBy: 'organisation' as DeclinedBy },
  });
  const error = form.formState.errors.reason?.message;
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
      onError: (failure) =>
        setFormError(
          applyServerErrors(
            failure,
            (path) => path === 'reason',
            (_path, message) => form.setError('reason', { type: 'server', message }),
          ),
        ),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Who declines</legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {(['organisation', 'third_party'] as const).map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-slate-400 has-[:checked]:bg-slate-50"
            >
              <input
                type="radio"
                value={value}
                className="size-4 accent-slate-900"
                {...form.register('declinedBy')}
              />
              {declinedByLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id="bulk-decline-reason"
        label="Reason (optional)"
        hint="The same reason goes in every requester's e-mail and is kept with each request."
        error={error}
      >
        <Textarea
          id="bulk-decline-reason"
          rows={4}
          maxLength={accessLimits.declineReasonMaxLength}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy('bulk-decline-reason', error)}
          {...form.register('reason')}
        />
      </Field>
      <FormAlert message={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={decline.isPending} className="bg-red-600 text-white hover:bg-red-700">
          {decline.isPending ? 'Declining…' : `Decline ${requestsWord(count)}`}
        </Button>
      </div>
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
