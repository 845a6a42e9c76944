import type { ErrorPageData } from '../../../shared/page';
import { ErrorBox } from '../../components/ui/error-box';

/** 4xx/5xx pages for HTML routes; rendered on the server only, no script needed. */
export function ErrorPage({ data }: { data: ErrorPageData }) {
  const isServerError = data.status >= 500;
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-xl text-center">
        <p className="text-sm font-semibold tracking-widest text-slate-500">{data.status}</p>
        <h1 className="mt-3 text-3xl font-semibold tracking-tight text-balance text-slate-950 md:text-4xl">
          {data.title}
        </h1>
        {isServerError ? (
          <div className="mt-8 text-left">
            <ErrorBox detail={data.detail} />
          </div>
        ) : (
          <p className="mt-4 text-base leading-7 text-slate-600">{data.message}</p>
        )}
      </div>
    </main>
  );
}
