import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { PortalView } from '../../../../../shared/portal';
import { Button } from '../../../../components/ui/button';
import { describedBy, Field } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api-client';
import { saveOverview } from '../../api/specialised-editing-api';
import { useRefreshPortalView } from '../../api/use-refresh-portal-view';

const maxLength = 5000;
const tooLong = 'The overview is at most 5000 characters';

/** The overview card's text. */
export function OverviewEditor({ view, csrfToken }: { view: PortalView; csrfToken: string }) {
  const [body, setBody] = useState(view.specialised?.overview ?? '');
  const id = useId();
  const refresh = useRefreshPortalView();
  const error = body.trim().length > maxLength ? tooLong : undefined;
  const save = useMutation({
    mutationFn: () => saveOverview({ productId: view.product.productId, csrfToken }, body),
    onSuccess: async () => {
      toast.success('Overview saved');
      await refresh();
    },
    onError: (failure) => toast.error(failure instanceof ApiError ? failure.message : 'Save error'),
  });
  return (
    <section
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      data-testid="overview-editor"
      aria-label="Overview text"
    >
      <Field id={id} label="Overview" error={error} hint={`${body.trim().length} / ${maxLength}`}>
        <Textarea
          id={id}
          rows={6}
          value={body}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy(id, error)}
          onChange={(event) => setBody(event.target.value)}
        />
      </Field>
      <Button size="sm" disabled={save.isPending || Boolean(error)} onClick={() => save.mutate()}>
        Save overview
      </Button>
    </section>
  );
}
