import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { companyDisplay } from '../../../../../shared/company-catalogue';
import type { PortalView } from '../../../../../shared/portal';
import type { Company } from '../../../../../shared/specialised-cards';
import { CompanyLogo } from '../../../../components/domain/company-logo';
import { Button } from '../../../../components/ui/button';
import { saveTrustedBy } from '../../api/specialised-editing-api';
import { useCardSavePart } from '../../lib/card-save-parts';
import { CompanyPicker, pickerTexts } from './company-picker';

/** The trusted-by companies: pick to add, remove with the cross; the card's Save keeps the order shown. */
export function TrustedByEditor({ view }: { view: PortalView }) {
  const [saved, setSaved] = useState<Company[]>(view.specialised?.trustedBy ?? []);
  const [companies, setCompanies] = useState<Company[]>(saved);
  const [picked, setPicked] = useState<Company | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  useCardSavePart({
    isDirty: JSON.stringify(companies) !== JSON.stringify(saved),
    validate: () => true,
    save: async () => {
      await saveTrustedBy({ productId: view.product.productId }, companies);
      setSaved(companies);
    },
  });
  return (
    <section
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      data-testid="trusted-by-editor"
      aria-label="Companies"
    >
      {companies.length === 0 ? (
        <p className="text-sm text-slate-600">You haven't selected any companies yet</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {companies.map((company, index) => {
            const name = companyDisplay(company).name;
            return (
              <li
                key={`${name}-${index}`}
                className="flex items-center gap-2 rounded-lg border border-slate-200 py-1 pe-1 ps-2 text-sm"
              >
                <CompanyLogo company={company} size={25} />
                {name}
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() =>
                    setCompanies((current) => current.filter((_, position) => position !== index))
                  }
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <CompanyPicker
            key={pickerKey}
            id={`${id}-company`}
            label="Add a company"
            value={picked}
            onChange={setPicked}
            error={error}
          />
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            if (!picked) return setError(pickerTexts.required);
            setError(undefined);
            setCompanies((current) => [...current, picked]);
            setPicked(null);
            setPickerKey((key) => key + 1);
          }}
        >
          Add
        </Button>
      </div>
    </section>
  );
}
