import { type CompanyRef, companyDisplay } from '../../../../../shared/company-catalogue';
import { CompanyLogo } from '../../../../components/domain/company-logo';
import { useTranslator } from '../../../../lib/i18n';
import { useSpecialisedTexts } from '../../lib/specialised';

/** The trusted-by click event (spec 2 §7 analytics): listeners on window may forward it. */
export const trustedByClickEvent = 'attest:trusted-by-click';

function announceClick(name: string) {
  window.dispatchEvent(new CustomEvent(trustedByClickEvent, { detail: { company: name } }));
}

/** The trusted-by card's company logos, 56 px (spec 2 §9), each linking to the company's site. */
export function TrustedByGrid({ companies }: { companies: CompanyRef[] }) {
  const translator = useTranslator();
  const specialisedTexts = useSpecialisedTexts();
  if (companies.length === 0) {
    return <p className="text-sm text-slate-600">{specialisedTexts.emptyTrustedBy}</p>;
  }
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-4" data-testid="trusted-by-grid">
      {companies.map((company, index) => {
        const display = companyDisplay(company);
        const content = (
          <>
            <CompanyLogo company={company} size={56} />
            <span className="max-w-24 text-center text-xs leading-4 font-medium break-words text-slate-700">
              {display.name}
            </span>
          </>
        );
        return (
          // The list only changes with a save, which renders it whole; names may repeat.
          <li key={index} className="relative z-10">
            {display.domain ? (
              <a
                href={`https://${display.domain}`}
                target="_blank"
                rel="noopener noreferrer nofollow"
                onClick={() => announceClick(display.name)}
                className="flex flex-col items-center gap-1.5 rounded-lg p-1 hover:bg-slate-50"
              >
                {content}
                <span className="sr-only"> {translator.t('common.opensInNewTab')}</span>
              </a>
            ) : (
              <span className="flex flex-col items-center gap-1.5 p-1">{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
