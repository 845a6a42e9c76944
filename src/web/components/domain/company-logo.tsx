import { Building2 } from 'lucide-react';
import { type CompanyRef, companyDisplay, monogram } from '../../../shared/company-catalogue';
import { classNames } from '../../lib/class-names';
import { useImageFailure } from '../../lib/use-image-failure';

type CompanyLogoProps = { company: CompanyRef; size: number; className?: string };

/**
 * A company's logo (spec 2 §9 sizes: 25 in the picker, 30 in lists, 56 in the trusted-by grid): the
 * picked logo image, else a monogram in the company's colour, and a building icon when an image fails.
 */
export function CompanyLogo({ company, size, className }: CompanyLogoProps) {
  const display = companyDisplay(company);
  const { hasFailed, imageRef, onError } = useImageFailure(display.logo);
  const box = { width: size, height: size };
  if (display.logo && !hasFailed) {
    return (
      <img
        ref={imageRef}
        src={display.logo}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={onError}
        className={classNames('shrink-0 rounded-md bg-white object-contain', className)}
        style={box}
      />
    );
  }
  if (display.logo) {
    return (
      <span
        aria-hidden
        data-testid="company-logo-fallback"
        className={classNames(
          'inline-flex shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500',
          className,
        )}
        style={box}
      >
        <Building2 style={{ width: size * 0.55, height: size * 0.55 }} />
      </span>
    );
  }
  return (
    <span
      aria-hidden
      className={classNames(
        'inline-flex shrink-0 items-center justify-center rounded-md font-semibold text-white',
        className,
      )}
      style={{ ...box, backgroundColor: display.color, fontSize: Math.max(9, size * 0.36) }}
    >
      {monogram(display.name)}
    </span>
  );
}
