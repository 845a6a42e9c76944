import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type AccessRequestRow,
  ApproveAccessInput,
  accessLimits,
  DeclineAccessInput,
  type PermissionProfile,
} from '../../../../shared/access';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useApproveAccessRequest, useDeclineAccessRequest } from '../api/access-requests';
import { applyServerErrors } from '../lib/form-errors';
import { AccessDaysField, accessDaysErrorMap } from './access-days-field';
import { FormAlert } from './console-page';
import { ProfileSelect, profileIdValue } from './profile-select';

const requesterOf = (request: AccessRequestRow) => `${request.firstName} ${request.lastName}`.trim();

type DecisionDialogProps = { request: AccessRequestRow | null; csrfToken: string; onClose(): void };

function ApproveForm({
  request,
  csrfToken,
  defaultAccessDays,
  profiles,
  onClose,
}: DecisionDialogProps & {
  request: AccessRequestRow;
  defaultAccessDays: number | undefined;
  profiles: PermissionProfile[];
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const approve = useApproveAccessRequest(csrfToken);
  const form = useForm({
    resolver: zodResolver(ApproveAccessInput, { error: accessDaysErrorMap }),
    defaultValues: { accessDays: defaultAccessDays, permissionProfileId: null },
  });
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
        id="approve-access-days"
        error={errors.accessDays?.message}
        registration={form.register('accessDays', { valueAsNumber: true })}
      />
      <ProfileSelect
        id="approve-permission-profile"
        profiles={profiles}
        error={errors.permissionProfileId?.message}
        registration={form.register('permissionProfileId', { setValueAs: profileIdValue })}
      />
      <FormAlert message={formError} />
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={approve.isPending}>
          {approve.isPending ? 'Approving…' : 'Approve'}
        </Button>
      </div>
    </form>
  );
}

/** Approve with an access duration (1–365 days, default from the access settings) and a profile. */
export function ApproveDialog(
  props: DecisionDialogProps & { defaultAccessDays: number | undefined; profiles: PermissionProfile[] },
) {
  const { request, onClose } = props;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        <DialogContent
          title="Approve access request"
          description={`${requesterOf(request)} (${request.email}) of ${request.companyName} gets access to restricted content for the time you choose.`}
        >
          <ApproveForm key={request.id} {...props} request={request} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DeclineForm({ request, csrfToken, onClose }: DecisionDialogProps & { request: AccessRequestRow }) {
  const [formError, setFormError] = useState<string | null>(null);
  const decline = useDeclineAccessRequest(csrfToken);
  const form = useForm({ resolver: zodResolver(DeclineAccessInput), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const submit = form.handleSubmit(({ reason }) => {
    setFormError(null);
    decline.mutate(
      { id: request.id, input: reason ? { reason } : {} },
      {
        onSuccess: () => {
          toast.success(`Request from ${requesterOf(request)} declined`);
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
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <Field
        id="decline-reason"
        label="Reason (optional)"
        hint="Included in the e-mail to the requester and kept with the request."
        error={error}
      >
        <Textarea
          id="decline-reason"
          rows={4}
          maxLength={accessLimits.declineReasonMaxLength}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy('decline-reason', error)}
          {...form.register('reason')}
        />
      </Field>
      <FormAlert message={formError} />
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={decline.isPending} className="bg-red-600 text-white hover:bg-red-700">
          {decline.isPending ? 'Declining…' : 'Decline'}
        </Button>
      </div>
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
