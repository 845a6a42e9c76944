import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { AcceptNdaInput, accessMessages, type NdaStatus } from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { acceptNda } from '../api/access-api';
import { ndaStatusQueryKey } from '../api/member-api';
import { useAccessTexts } from '../lib/access-texts';
import { CheckboxField, FormAlert } from './form-parts';
import { displayNameOf } from './member-trigger';

// The form's checkbox starts unticked (false), so it is a boolean here; the request sends true.
const NdaForm = AcceptNdaInput.pick({ signerName: true }).extend({
  agree: z.boolean().refine((value) => value, accessMessages.agreeRequired),
});

type NdaDialogProps = {
  view: PortalView;
  nda: NonNullable<NdaStatus['nda']>;
  onClose(): void;
};

/** The NDA to accept (spec 3 §2 NDA): its text, the signer's name, agreement, Accept. */
export default function NdaDialog({ view, nda, onClose }: NdaDialogProps) {
  const accessTexts = useAccessTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const refreshPortalView = useRefreshPortalView();
  const [formError, setFormError] = useState<string | null>(null);
  const member = view.viewer.member;
  const form = useForm<z.input<typeof NdaForm>, unknown, z.output<typeof NdaForm>>({
    resolver: zodResolver(NdaForm),
    defaultValues: { signerName: member ? nameOrEmpty(member) : '', agree: false },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await acceptNda(view.organisation.slug, {
        ndaVersionId: nda.id,
        signerName: values.signerName,
        agree: true,
      });
      // The view now carries the content the NDA unlocks; the menu's NDA status changes too.
      await Promise.all([
        refreshPortalView(),
        queryClient.invalidateQueries({ queryKey: ndaStatusQueryKey(view.organisation.slug) }),
      ]);
      toast.success(accessTexts.ndaAccepted);
      onClose();
    } catch {
      setFormError(accessTexts.ndaAcceptFailed);
    }
  });

  const nameId = `${id}-name`;
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={nda.title} className="max-w-2xl">
        <form className="mt-4 space-y-4" noValidate onSubmit={submit} data-testid="nda-form">
          <section
            className="max-h-[45vh] overflow-y-auto rounded-lg bg-slate-50 p-4 text-sm leading-6 whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-label={nda.title}
            data-testid="nda-text"
          >
            {nda.body}
          </section>
          <Field id={nameId} label={accessTexts.signerName} error={errors.signerName?.message}>
            <Input
              id={nameId}
              autoComplete="name"
              isInvalid={Boolean(errors.signerName)}
              aria-describedby={describedBy(nameId, errors.signerName?.message)}
              {...form.register('signerName')}
            />
          </Field>
          <CheckboxField
            id={`${id}-agree`}
            label={accessTexts.ndaAgree}
            error={errors.agree?.message}
            {...form.register('agree')}
          />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {accessTexts.close}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? accessTexts.accepting : accessTexts.accept}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function nameOrEmpty(member: { firstName?: string; lastName?: string; email: string }): string {
  const name = displayNameOf(member);
  return name === member.email ? '' : name;
}
