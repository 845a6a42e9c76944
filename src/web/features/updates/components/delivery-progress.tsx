import type { DeliveryProgress as Progress } from '../../../../shared/updates';

/** Share of an update's e-mails that were sent, are waiting, or failed for good; polled while running. */
export function DeliveryProgress({ delivery }: { delivery: Progress }) {
  const total = delivery.queued + delivery.sent + delivery.failed;
  if (total === 0 && !delivery.isFanningOut) return null;
  const percent = (count: number) => (total === 0 ? 0 : (count / total) * 100);
  const isDone = !delivery.isFanningOut && delivery.queued === 0;
  return (
    <div className="space-y-1.5" data-testid="delivery-progress">
      <div
        className="flex h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="E-mail delivery"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={delivery.sent + delivery.failed}
        aria-valuetext={`${delivery.sent} sent, ${delivery.queued} queued, ${delivery.failed} failed`}
      >
        <span className="bg-emerald-500" style={{ width: `${percent(delivery.sent)}%` }} />
        <span className="bg-red-500" style={{ width: `${percent(delivery.failed)}%` }} />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>
          <span className="font-semibold text-slate-900">{delivery.sent}</span> sent
        </span>
        <span>
          <span className="font-semibold text-slate-900">{delivery.queued}</span> queued
        </span>
        <span className={delivery.failed > 0 ? 'font-medium text-red-700' : undefined}>
          <span className="font-semibold">{delivery.failed}</span> failed
        </span>
        <span className="text-slate-500">
          {delivery.isFanningOut ? 'Still adding recipients…' : isDone ? 'Delivery finished' : 'Delivering…'}
        </span>
      </p>
    </div>
  );
}
