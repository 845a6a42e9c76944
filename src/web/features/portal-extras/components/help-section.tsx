import { ArrowUpRight, Flag, LifeBuoy, Mail } from 'lucide-react';
import type { PortalCustomisation, ViewerMode } from '../../../../shared/portal';
import { translateWithElements, useTranslator } from '../../../lib/i18n';
import { helpRowsFor } from '../lib/help-rows';

type HelpSectionProps = { customisation: PortalCustomisation; mode: ViewerMode };

const icons = { contactSupport: LifeBuoy, reportIssue: Flag };

/** The page's 'help' section (spec 3 §2): contact support and report an issue, by e-mail or site. */
export function HelpSection({ customisation, mode }: HelpSectionProps) {
  const translator = useTranslator();
  const { t } = translator;
  const rows = helpRowsFor(customisation, mode);
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="help-heading"
      data-testid="help-section"
      className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200"
    >
      <h2 id="help-heading" className="text-lg font-semibold text-slate-950">
        {t('extras.helpHeading')}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {rows.map((row) => {
          const Icon = icons[row.key];
          const TrailingIcon = row.opensSite ? ArrowUpRight : Mail;
          const body = (
            <>
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-ink">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="flex-1 font-medium">{t(row.label)}</span>
              {row.href ? <TrailingIcon className="size-4 text-slate-400" aria-hidden /> : null}
            </>
          );
          return (
            <li key={row.key}>
              {row.href ? (
                <a
                  href={row.href}
                  {...(row.opensSite ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-slate-900 transition hover:border-slate-300 hover:bg-slate-50"
                >
                  {body}
                </a>
              ) : (
                <div
                  aria-disabled="true"
                  className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-slate-500"
                >
                  <div className="flex items-center gap-3">{body}</div>
                  <p className="mt-2 text-xs text-slate-600">
                    {translateWithElements(translator, 'extras.settingsHint', {
                      settingsLink: (
                        <a
                          href="/console/settings"
                          className="font-medium text-brand-ink underline underline-offset-2"
                        >
                          {t('extras.settingsLink')}
                        </a>
                      ),
                    })}
                  </p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
