import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CreateAccountInput, type PermissionProfile } from '../../../../shared/access';
import { limits } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useCreateAccount } from '../api/accounts';
import { applyServerErrors } from '../lib/form-errors';
import { AccessDaysField, accessDaysErrorMap } from './access-days-field';
import { FormAlert } from './console-page';
import { ProfileSelect, profileIdValue } from './profile-select';

const createFields = ['name', 'domain', 'accessDays', 'permissionProfileId'] as const;
type CreateField = (typeof createFields)[number];
const nameMessage = `Enter the company's name (at most ${limits.companyNameMaxLength} characters).`;

function createErrorMap(issue: { path?: PropertyKey[] }) {
  return issue.path?.at(-1) === 'name' ? nameMessage : accessDaysErrorMap(issue);
}

function CreateAccountForm({
  defaultAccessDays,
  profiles,
}: {
  defaultAccessDays: number | undefined;
  profiles: PermissionProfile[];
}) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateAccount();
  const form = useForm({
    resolver: zodResolver(CreateAccountInput, { error: createErrorMap }),
    defaultValues: { name: '', domain: null, accessDays: defaultAccessDays, permissionProfileId: null },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    create.mutate(input, {
      onSuccess: (account) => {
        toast.success(`Account ${account.name} created`);
        void navigate(`/console/accounts/${account.id}`);
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(
            error,
            (path) => (createFields as readonly string[]).includes(path),
            (path, message) => form.setError(path as CreateField, { type: 'server', message }),
          ),
        ),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <Field id="account-name" label="Company name" error={errors.name?.message}>
        <Input
          id="account-name"
          autoComplete="organization"
          maxLength={limits.companyNameMaxLength}
          isInvalid={Boolean(errors.name)}
          aria-describedby={describedBy('account-name', errors.name?.message)}
          {...form.register('name')}
        />
      </Field>
      <Field
        id="account-domain"
        label="E-mail domain (optional)"
        hint="People with an address at this domain belong to the account, e.g. example.com."
        error={errors.domain?.message}
      >
        <Input
          id="account-domain"
          placeholder="example.com"
          isInvalid={Boolean(errors.domain)}
          aria-describedby={describedBy('account-domain', errors.domain?.message)}
          {...form.register('domain', { setValueAs: (value) => (value ? String(value) : null) })}
        />
      </Field>
      <AccessDaysField
        id="account-access-days"
        error={errors.accessDays?.message}
        registration={form.register('accessDays', {
          setValueAs: (value) => (value === '' || value == null ? undefined : Number(value)),
        })}
      />
      <ProfileSelect
        id="account-permission-profile"
        profiles={profiles}
        error={errors.permissionProfileId?.message}
        registration={form.register('permissionProfileId', { setValueAs: profileIdValue })}
      />
      <FormAlert message={formError} />
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create account'}
        </Button>
      </div>
    </form>
  );
}

export function CreateAccountDialog(props: {
  defaultAccessDays: number | undefined;
  profiles: PermissionProfile[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden />
        Create account
      </Button>
      {open ? (
        <DialogContent
          title="Create account"
          description="An approved account for a company; its members can then sign in with their work e-mail."
        >
          <CreateAccountForm {...props} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
