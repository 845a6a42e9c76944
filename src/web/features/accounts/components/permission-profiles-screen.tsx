import { Eye, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PermissionProfile } from '../../../../shared/access';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { isApiError } from '../../../lib/api-client';
import { useStaffCan } from '../../../lib/staff-session';
import { useDeleteProfile, usePermissionProfiles } from '../api/permission-profiles';
import { useRestrictedItems } from '../api/restricted-items';
import { EmptyState, PageHeader, table } from './console-page';
import { ProfileEditor } from './profile-editor';

type Editing = { profile: PermissionProfile | null } | null;

function EditorDialog({
  editing,
  onClose,
  organisationSlug,
}: {
  editing: Editing;
  onClose(): void;
  organisationSlug: string;
}) {
  const catalogue = useRestrictedItems(organisationSlug);
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {editing ? (
        <DialogContent
          className="max-w-3xl"
          title={editing.profile ? `Edit ${editing.profile.name}` : 'New permission profile'}
          description="Choose the restricted items that accounts with this profile can see."
        >
          {catalogue.isPending ? (
            <div className="mt-6 space-y-3" aria-busy="true">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          ) : catalogue.isError ? (
            <div className="mt-6">
              <ErrorBox detail={catalogue.error.message} />
            </div>
          ) : (
            <ProfileEditor
              key={editing.profile?.id ?? 'new'}
              profile={editing.profile}
              catalogue={catalogue.data}
              onSaved={onClose}
            />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Named sets of restricted items given to accounts, with a portal preview for each. */
export function PermissionProfilesScreen({ organisationSlug }: { organisationSlug: string }) {
  const profiles = usePermissionProfiles();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PermissionProfile | null>(null);
  const remove = useDeleteProfile();
  const canReview = useStaffCan('access:review');

  return (
    <div className="space-y-6">
      <PageHeader
        title="Permission profiles"
        description="Which restricted and hidden items an account can see. Give a profile to an account when you approve it or on its page."
        actions={
          canReview ? (
            <Button onClick={() => setEditing({ profile: null })}>
              <Plus className="size-4" aria-hidden />
              New profile
            </Button>
          ) : null
        }
      />
      {profiles.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : profiles.isError ? (
        <ErrorBox detail={profiles.error.message} />
      ) : profiles.data.length === 0 ? (
        <EmptyState icon={<KeyRound className="size-6" aria-hidden />} title="No permission profiles yet">
          A profile lists restricted items, including hidden ones, for the accounts that have it.
        </EmptyState>
      ) : (
        <div className={table.wrapper}>
          <Table className={table.table}>
            <caption className="sr-only">Permission profiles</caption>
            <TableHead className={table.head}>
              <TableRow>
                <TableHeaderCell className={table.th}>Profile</TableHeaderCell>
                <TableHeaderCell className={`${table.th} text-right`}>Items</TableHeaderCell>
                <TableHeaderCell className={`${table.th} text-right`}>Accounts</TableHeaderCell>
                <TableHeaderCell className={table.th}>
                  <span className="sr-only">Actions</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {profiles.data.map((profile) => (
                <TableRow key={profile.id} data-testid="profile-row">
                  <TableCell className={`${table.td} font-medium text-slate-900`}>{profile.name}</TableCell>
                  <TableCell className={`${table.td} text-right tabular-nums`}>
                    {profile.itemIds.length}
                  </TableCell>
                  <TableCell className={`${table.td} text-right tabular-nums`}>
                    {profile.accountCount}
                  </TableCell>
                  <TableCell className={table.td}>
                    <div className="flex justify-end gap-1">
                      <a
                        href={`/${encodeURIComponent(organisationSlug)}?permissionProfileId=${encodeURIComponent(profile.id)}`}
                        target="_blank"
                        rel="noopener"
                        className={buttonClassName('ghost', 'sm')}
                      >
                        <Eye className="size-4" aria-hidden />
                        Preview as this profile<span className="sr-only"> ({profile.name})</span>
                      </a>
                      {canReview ? (
                        <>
                          <Button size="sm" variant="ghost" onClick={() => setEditing({ profile })}>
                            <Pencil className="size-4" aria-hidden />
                            Edit<span className="sr-only"> {profile.name}</span>
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-red-700"
                            onClick={() => setDeleting(profile)}
                          >
                            <Trash2 className="size-4" aria-hidden />
                            Delete<span className="sr-only"> {profile.name}</span>
                          </Button>
                        </>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <EditorDialog editing={editing} onClose={() => setEditing(null)} organisationSlug={organisationSlug} />
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete ${deleting?.name ?? 'this profile'}?`}
        description={
          deleting?.accountCount
            ? `${deleting.accountCount} ${deleting.accountCount === 1 ? 'account uses' : 'accounts use'} it; they keep their access but lose the hidden items it grants.`
            : 'No account uses it.'
        }
        confirmLabel={remove.isPending ? 'Deleting…' : 'Delete profile'}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`Profile ${deleting.name} deleted`);
              setDeleting(null);
            },
            onError: (error) =>
              toast.error(`Deleting failed. ${isApiError(error) ? error.message : 'Please try again.'}`),
          });
        }}
      />
    </div>
  );
}
