import { Skeleton } from '../../../components/ui/skeleton';

/** While the cookie declaration dialog's code loads: the spec's 10-line skeleton in its place. */
export function DeclarationSkeleton() {
  return (
    <div
      className="fixed inset-0 z-50 grid place-items-center bg-slate-950/50 p-4"
      aria-busy="true"
      data-testid="cookie-declaration-skeleton"
    >
      <div className="w-full max-w-lg space-y-3 rounded-2xl bg-white p-8 shadow-2xl">
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} className={index === 0 ? 'h-6 w-1/2' : 'h-3.5 w-full'} />
        ))}
      </div>
    </div>
  );
}
