import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type EndedSessions, endedSessionsText } from '../../shared/sessions';
import { apiRequest, isApiError } from '../lib/api-client';
import { AlertDialog } from './ui/alert-dialog';
import { Button } from './ui/button';

type Props = {
  /** The POST endpoint that ends the sessions and answers { ended }. */
  path: string;
  label: string;
  /** Read by screen readers after the label, to tell rows apart. */
  srSuffix?: string;
  confirmTitle: string;
  confirmDescription: string;
  size?: 'sm' | 'md';
  variant?: 'secondary' | 'ghost';
};

/** Asks first, then signs someone out everywhere and says how many sessions ended. */
export function EndSessionsButton({
  path,
  label,
  srSuffix,
  confirmTitle,
  confirmDescription,
  size = 'md',
  variant = 'secondary',
}: Props) {
  const [open, setOpen] = useState(false);
  const end = useMutation({
    mutationFn: () => apiRequest<EndedSessions>(path, { method: 'POST' }),
  });
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)}>
        <LogOut className="size-3.5" aria-hidden />
        {label}
        {srSuffix ? <span className="sr-only"> {srSuffix}</span> : null}
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={confirmTitle}
        description={confirmDescription}
        confirmLabel={end.isPending ? 'Signing out…' : 'Sign out'}
        isDestructive
        isBusy={end.isPending}
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: (result) => {
              toast.success(endedSessionsText(result.ended));
              setOpen(false);
            },
            onError: (error) =>
              toast.error(`Signing out failed. ${isApiError(error) ? error.message : 'Please try again.'}`),
          })
        }
      />
    </>
  );
}
