import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type AccessRequestRow,
  ApproveAccessInput,
  accessLimits,
  DeclineAccessInput,
  type DeclinedBy,
  type PermissionProfile,
} from '../../../../shared/access';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useApproveAccessRequest, useDeclineAccessRequest } from '../api/access-requests';
import { applyServerErrors } from '../lib/form-errors';
import { declinedByLabels } from '../lib/format';
import { AccessDaysField, accessDaysErrorMap } from './access-days-field';
import { FormAlert } from './console-page';
import { ProfileSelect, profileIdValue } from './profile-select';

const requesterOf = (request: AccessRequestRow) => `${request.firstName} ${request.lastName}`.trim();

/**
 * The approve form of one request or a selection: the default duration filled in when the access
 * settings arrive (unless staff typed one), and the server's field errors put on their fields.
 */
export function useApproveForm(defaultAccessDays: number | undefined, permissionProfileId: null | undefined) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ApproveAccessInput, { error: accessDaysErrorMap }),
    defaultValues: { accessDays: defaultAccessDays, permissionProfileId },
  });
  useEffect(() => {
    if (defaultAccessDays !== undefined && !form.getFieldState('accessDays').isDirty) {
      form.resetField('accessDays', { defaultValue: defaultAccessDays });
    }
  }, [defaultAccessDays, form]);
  const onServerError = (error: unknown) =>
    setFormError(
      applyServerErrors(
        error,
        (path) => path === 'accessDays' || path === 'permissionProfileId',
        (path, message) =>
          form.setError(path as 'accessDays' | 'permissionProfileId', { type: 'server', message }),
      ),
    );
  return { form, formError, setFormError, onServerError };
}

/** The decline form of one request or a selection, with the server's reason error on its field. */
export function useDeclineForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(DeclineAccessInput),
    defaultValues: { reason: '', declinedBy: 'organisation' as DeclinedBy },
  });
  const onServerError = (failure: unknown) =>
    setFormError(
      applyServerErrors(
        failure,
        (path) => path === 'reason',
        (_path, message) => form.setError('reason', { type: 'server', message }),
      ),
    );
  return { form, formError, setFormError, onServerError };
}

/** Who declines, and the optional reason that goes in the requester's e-mail. */
export function DeclineFields({
  form,
  reasonId,
  reasonHint,
}: {
  form: ReturnType<typeof useDeclineForm>['form'];
  reasonId: string;
  reasonHint: string;
}) {
  const error = form.formState.errors.reason?.message;
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Who declines</legend>
        <div className="mt-1.5 space-y-2">
          {declinedByOptions.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 has-[:checked]:border-slate-400 has-[:checked]:bg-slate-50"
            >
              <input
                type="radio"
                value={option.value}
                className="mt-0.5 size-4 shrink-0 accent-slate-900"
                {...form.register('declinedBy')}
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">
                  {declinedByLabels[option.value]}
                </span>
                <span className="block text-xs text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={reasonId} label="Reason (optional)" hint={reasonHint} error={error}>
        <Textarea
          id={reasonId}
          rows={4}
          maxLength={accessLimits.declineReasonMaxLength}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy(reasonId, error)}
          {...form.register('reason')}
        />
      </Field>
    </>
  );
}

/** Cancel and the decision's button, which says what it is doing while the call runs. */
export function DecisionButtons({
  isPending,
  label,
  pendingLabel,
  isDecline = false,
}: {
  isPending: boolean;
  label: string;
  pendingLabel: string;
  isDecline?: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button
        type="submit"
        disabled={isPending}
        className={isDecline ? 'bg-red-600 text-white hover:bg-red-700' : undefined}
      >
        {isPending ? pendingLabel : label}
      </Button>
    </div>
  );
}

type DecisionDialogProps = { request: AccessRequestRow | null; onClose(): void };

function ApproveForm({
  request,
  defaultAccessDays,
  profiles,
  onClose,
}: DecisionDialogProps & {
  request: AccessRequestRow;
  defaultAccessDays: number | undefined;
  profiles: PermissionProfile[];
}) {
  const approve = useApproveAccessRequest();
  const isRenewal = request.kind !== 'access';
  // A renewal or extension keeps the account's profile (changed on the account's page): it sends none.
  const { form, formError, setFormError, onServerError } = useApproveForm(
    defaultAccessDays,
    isRenewal ? undefined : null,
  );
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    approve.mutate(
      { id: request.id, input },
      {
        onSuccess: () => {
          toast.success(`Access approved for ${requesterOf(request)}`);
          onClose();
        },
        onError: onServerError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <AccessDaysField
        id="approve-access-days"
        error={errors.accessDays?.message}
        registration={form.register('accessDays', { valueAsNumber: true })}
      />
      {isRenewal ? null : (
        <ProfileSelect
          id="approve-permission-profile"
          profiles={profiles}
          error={errors.permissionProfileId?.message}
          registration={form.register('permissionProfileId', { setValueAs: profileIdValue })}
        />
      )}
      <FormAlert message={formError} />
      <DecisionButtons isPending={approve.isPending} label="Approve" pendingLabel="Approving…" />
    </form>
  );
}

const approveTitles: Record<AccessRequestRow['kind'], string> = {
  access: 'Approve access request',
  renewal: 'Approve access renewal',
  extension: 'Approve more time',
};

function approveDescription(request: AccessRequestRow): string {
  const who = `${requesterOf(request)} (${request.email})`;
  const account = request.accountName ?? request.companyName;
  switch (request.kind) {
    case 'renewal':
      return `${who} asks to renew the expired access of ${account}. Approving renews the account's access for the time you choose; its permission profile stays as it is.`;
    case 'extension':
      return `${who} asks for more time before the access of ${account} ends. Approving extends the account's access to the time you choose, counted from today (never ending earlier than now); its members are told the new end date.`;
    default:
      return `${who} of ${request.companyName} gets access to restricted content for the time you choose.`;
  }
}

/** Approve with an access duration (1–365 days, default from the access settings) and a profile. */
export function ApproveDialog(
  props: DecisionDialogProps & { defaultAccessDays: number | undefined; profiles: PermissionProfile[] },
) {
  const { request, onClose } = props;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        <DialogContent title={approveTitles[request.kind]} description={approveDescription(request)}>
          <ApproveForm key={request.id} {...props} request={request} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const declinedByOptions: { value: DeclinedBy; hint: string }[] = [
  { value: 'organisation', hint: 'Your team reviewed the request and does not grant access.' },
  {
    value: 'third_party',
    hint: "Someone outside your review asked you to decline, such as the requester's company or the contact they named. The requester is told so.",
  },
];

function DeclineForm({ request, onClose }: DecisionDialogProps & { request: AccessRequestRow }) {
  const decline = useDeclineAccessRequest();
  const { form, formError, setFormError, onServerError } = useDeclineForm();

  const submit = form.handleSubmit(({ reason, declinedBy }) => {
    setFormError(null);
    decline.mutate(
      { id: request.id, input: reason ? { reason, declinedBy } : { declinedBy } },
      {
        onSuccess: () => {
          toast.success(`Request from ${requesterOf(request)} declined`);
          onClose();
        },
        onError: onServerError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <DeclineFields
        form={form}
        reasonId="decline-reason"
        reasonHint="Included in the e-mail to the requester and kept with the request."
      />
      <FormAlert message={formError} />
      <DecisionButtons isPending={decline.isPending} label="Decline" pendingLabel="Declining…" isDecline />
    </form>
  );
}

export function DeclineDialog(props: DecisionDialogProps) {
  const { request, onClose } = props;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        <DialogContent
          title="Decline access request"
          description={`${requesterOf(request)} (${request.email}) of ${request.companyName} will not get access.`}
        >
          <DeclineForm key={request.id} {...props} request={request} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
