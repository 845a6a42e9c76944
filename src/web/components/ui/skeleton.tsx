import { classNames } from '../../lib/class-names';

/** A grey placeholder block while data loads; pulses only when motion is welcome. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden className={classNames('rounded-md bg-slate-200 motion-safe:animate-pulse', className)} />
  );
}
