import type { ActionPageData } from '../../../shared/page';

/**
 * The organisation's small server-rendered pages (subscription confirm, sign-in link, company
 * sign-in welcome, the expiry reminder's "Request more time" answers): the portal's header (logo or name, portal title), font and accent around one
 * action. Rendered on the server only; the form posts without script.
 */
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
          {data.form ? (
            <form method="post" action={data.form.action} className="mt-6">
              {Object.entries(data.form.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button
                type="submit"
                className="inline-flex h-10 cursor-pointer items-center rounded-lg bg-brand px-5 text-sm font-semibold text-brand-foreground shadow-xs transition hover:opacity-90"
              >
                {data.form.button}
              </button>
            </form>
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
