import { ArrowUpRight, ShieldCheck } from 'lucide-react';
import type { AboutPageData } from '../../../../shared/page';

/** /about: what Attest is and under which licence it is published. Static, no script. */
export function AboutPage({ data }: { data: AboutPageData }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-2 px-4 sm:px-6">
          <ShieldCheck className="size-6 text-brand-ink" aria-hidden />
          <span className="text-lg font-semibold tracking-tight text-slate-950">Attest</span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 md:py-16">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-950 md:text-4xl">About Attest</h1>
        <div className="mt-6 space-y-5 text-base leading-7 text-slate-700">
          <p>
            Attest is an open-source, self-hostable trust center and updates portal. Organisations use it to
            publish their security, privacy and compliance information: controls, certifications, policies,
            subprocessors and trust updates, for customers, prospects, auditors and researchers.
          </p>
          <p>
            Visitors can browse and search that information, subscribe to updates and request access to
            restricted documents. The organisation's staff edit the page in place and decide who sees what.
          </p>
        </div>
        <section
          aria-labelledby="licence-heading"
          className="mt-10 rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200"
        >
          <h2 id="licence-heading" className="text-lg font-semibold text-slate-950">
            Licence
          </h2>
          <p className="mt-2 text-sm leading-6 text-slate-700">
            Attest {data.version} is free software, published under the{' '}
            <a
              href="https://www.gnu.org/licenses/agpl-3.0.html"
              className="inline-flex items-center gap-0.5 font-medium text-brand-ink underline underline-offset-4"
            >
              GNU Affero General Public License v3.0
              <ArrowUpRight className="size-3.5" aria-hidden />
            </a>{' '}
            ({data.licence}). You may run, study, change and share it; if you offer a changed version to users
            over a network, you must offer them its source code too.
          </p>
        </section>
      </main>
    </div>
  );
}
