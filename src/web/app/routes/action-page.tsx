import type { ReactNode } from 'react';
import type { ActionPageData } from '../../../shared/page';

/**
 * The organisation's small server-rendered pages (subscription confirm, sign-in link, company
 * sign-in welcome, the expiry reminder's "Request more time" answers): the portal's header (logo or name, portal title), font and accent around one
 * action. Rendered on the server only; the form posts without script.
 */
const controlClassName =
  'block w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900 shadow-xs focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

/** A label, an optional hint the control is described by, and the control itself. */
function LabelledField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  return (
    <div className="mb-6 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {children(hint ? `${id}-hint` : undefined)}
    </div>
  );
}

export function ActionPage({ data }: { data: ActionPageData }) {
  const { organisation } = data;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-6xl items-center gap-3 px-4 py-3 sm:px-6 md:min-h-20 md:gap-4 lg:px-8">
          {organisation.logoUrl ? (
            <img
              src={organisation.logoUrl}
              alt={organisation.name}
              height={36}
              className="h-8 w-auto max-w-[11rem] object-contain object-left md:h-9 md:max-w-[14rem]"
              data-testid="organisation-logo"
            />
          ) : (
            <span
              className="text-lg font-semibold tracking-tight text-slate-950"
              data-testid="organisation-name"
            >
              {organisation.name}
            </span>
          )}
          {organisation.showPortalTitle ? (
            <>
              <span aria-hidden className="h-6 w-px shrink-0 bg-slate-200" />
              <p className="truncate text-base font-medium text-slate-700 md:text-lg">
                {organisation.portalTitle}
              </p>
            </>
          ) : null}
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12 md:py-20">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xs sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-slate-950">{data.heading}</h1>
          {[data.text, ...(data.moreText ?? [])].map((text) => (
            <p key={text} className="mt-3 text-sm leading-6 text-slate-600">
              {text}
            </p>
          ))}
          {data.facts?.length ? (
            <dl className="mt-4 space-y-1 rounded-lg bg-brand-soft px-4 py-3 text-sm">
              {data.facts.map((fact) => (
                <div key={fact.label} className="flex flex-wrap gap-x-2">
                  <dt className="font-semibold text-slate-900">{`${fact.label}:`}</dt>
                  <dd className="text-slate-700">{fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {data.notice ? (
            <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              {data.notice}
            </p>
          ) : null}
          {data.error ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900">
              {data.error}
            </p>
          ) : null}
          {data.form ? (
            <form method="post" action={data.form.action} className="mt-6">
              {Object.entries(data.form.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              {data.form.radios ? (
                <fieldset className="mb-6">
                  <legend className="text-sm font-semibold text-slate-900">{data.form.radios.legend}</legend>
                  <div className="mt-3 space-y-2">
                    {data.form.radios.options.map((option, index) => (
                      <label key={option.value} className="flex items-start gap-3 text-sm text-slate-800">
                        <input
                          type="radio"
                          name={data.form?.radios?.name}
                          value={option.value}
                          required
                          defaultChecked={index === 0}
                          className="mt-0.5 size-4 shrink-0 accent-brand"
                        />
                        <span className="min-w-0">{option.label}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null}
              {data.form.input ? (
                <LabelledField id="action-input" label={data.form.input.label} hint={data.form.input.hint}>
                  {(describedBy) => (
                    <input
                      id="action-input"
                      name={data.form?.input?.name}
                      type={data.form?.input?.type}
                      required
                      aria-describedby={describedBy}
                      autoComplete={data.form?.input?.autoComplete}
                      className={`h-10 ${controlClassName}`}
                    />
                  )}
                </LabelledField>
              ) : null}
              {data.form.textarea ? (
                <LabelledField
                  id="action-textarea"
                  label={data.form.textarea.label}
                  hint={data.form.textarea.hint}
                >
                  {(describedBy) => (
                    <textarea
                      id="action-textarea"
                      name={data.form?.textarea?.name}
                      maxLength={data.form?.textarea?.maxLength}
                      rows={4}
                      aria-describedby={describedBy}
                      className={`py-2 ${controlClassName}`}
                    />
                  )}
                </LabelledField>
              ) : null}
              {data.form.choices?.map((group) => (
                <fieldset key={group.legend} className="mb-6">
                  <legend className="text-sm font-semibold text-slate-900">{group.legend}</legend>
                  <div className="mt-3 space-y-2">
                    {group.options.map((option) => (
                      <label
                        key={option.name}
                        className="flex min-h-6 items-center gap-3 text-sm text-slate-800"
                      >
                        <input
                          type="checkbox"
                          name={option.name}
                          defaultChecked={option.checked}
                          className="size-4 rounded border-slate-300 accent-brand"
                        />
                        {option.label}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  {...(data.form.intent ? { name: 'intent', value: data.form.intent } : {})}
                  className="inline-flex h-10 cursor-pointer items-center rounded-lg bg-brand px-5 text-sm font-semibold text-brand-foreground shadow-xs transition hover:opacity-90"
                >
                  {data.form.button}
                </button>
                {data.form.alternatives?.map((alternative) => (
                  <button
                    key={alternative.intent}
                    type="submit"
                    name="intent"
                    value={alternative.intent}
                    className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-xs transition hover:bg-slate-50"
                  >
                    {alternative.label}
                  </button>
                ))}
              </div>
            </form>
          ) : null}
          {data.links ? (
            <section className="mt-6 border-t border-slate-200 pt-4">
              <h2 className="text-sm font-semibold text-slate-900">{data.links.heading}</h2>
              <ul className="mt-2 space-y-1 text-sm">
                {data.links.items.map((link) =>
                  'href' in link ? (
                    <li key={link.href}>
                      <a href={link.href} className="text-brand-ink underline underline-offset-4">
                        {link.label}
                      </a>
                    </li>
                  ) : (
                    <li key={link.label} className="text-slate-700">
                      {`${link.label}: `}
                      {link.formats.map((format, index) => (
                        <span key={format.href}>
                          {index > 0 ? ' · ' : null}
                          <a
                            href={format.href}
                            aria-label={`${link.label} (${format.label})`}
                            className="text-brand-ink underline underline-offset-4"
                          >
                            {format.label}
                          </a>
                        </span>
                      ))}
                    </li>
                  ),
                )}
              </ul>
            </section>
          ) : null}
          <p className="mt-6 text-sm">
            <a
              href={data.back.href}
              className="font-medium text-brand-ink underline-offset-4 hover:underline"
            >
              {data.back.label}
            </a>
          </p>
        </div>
      </main>
    </div>
  );
}
