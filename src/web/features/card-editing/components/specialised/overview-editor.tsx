import { useId, useState } from 'react';
import type { PortalView } from '../../../../../shared/portal';
import { describedBy, Field } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/input';
import { saveOverview } from '../../api/specialised-editing-api';
import { useCardSavePart } from '../../lib/card-save-parts';

const maxLength = 5000;
const tooLong = 'The overview is at most 5000 characters';

/** The overview card's text. */
export function OverviewEditor({ view }: { view: PortalView }) {
  const [saved, setSaved] = useState(view.specialised?.overview ?? '');
  const [body, setBody] = useState(saved);
  const id = useId();
  const error = body.trim().length > maxLength ? tooLong : undefined;
  useCardSavePart({
    isDirty: body !== saved,
    validate: () => !error,
    save: async () => {
      await saveOverview({ productId: view.product.productId }, body);
      setSaved(body);
    },
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
    </section>
  );
}
