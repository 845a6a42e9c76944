import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type NotificationDelivery,
  NotificationPreferencesInput,
  notificationDeliveries,
  notificationDeliveryLabels,
} from '../../../../shared/notifications';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';

/** The signed-in staff user's own choice: how they hear about new access requests, and for which products. */
export function NotificationPreferencesSection() {
  const id = useId();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [delivery, setDelivery] = useState<NotificationDelivery>('each');
  const [allProducts, setAllProducts] = useState(true);
  const [productIds, setProductIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!preferences.data) return;
    setDelivery(preferences.data.delivery);
    setAllProducts(preferences.data.allProducts);
    setProductIds(preferences.data.productIds);
  }, [preferences.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = NotificationPreferencesInput.safeParse({ delivery, allProducts, productIds });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check your choice');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Notification preferences saved'),
      onError: (failure) =>
        setError(
          isApiError(failure) ? (Object.values(failure.fields)[0] ?? failure.message) : failure.message,
        ),
    });
  }

  return (
    <section id="notifications" aria-labelledby={`${id}-heading`} className="scroll-mt-6 space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight text-slate-950">
          Your notifications
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          How you hear about new access requests. This is your own choice; your colleagues choose theirs.
        </p>
      </div>
      {preferences.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {preferences.isError ? <ErrorBox detail={preferences.error.message} /> : null}
      {preferences.data ? (
        <form
          className="space-y-5 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
          noValidate
          onSubmit={submit}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">E-mail me</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {notificationDeliveries.map((value) => (
                <label
                  key={value}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 has-[:checked]:border-slate-900"
                >
                  <input
                    type="radio"
                    name={`${id}-delivery`}
                    value={value}
                    checked={delivery === value}
                    onChange={() => setDelivery(value)}
                    className="size-4 accent-slate-900"
                  />
                  {notificationDeliveryLabels[value]}
                </label>
              ))}
            </div>
            <p className="text-xs text-slate-600">
              A digest lists the requests still waiting that arrived since the last one, and is not sent when
              there are none.
            </p>
          </fieldset>
          <fieldset className="space-y-2" disabled={delivery === 'none'}>
            <legend className="text-sm font-medium text-slate-800">For requests about</legend>
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-all`}
                checked={allProducts}
                onCheckedChange={(isChecked) => setAllProducts(isChecked)}
              />
              <label htmlFor={`${id}-all`} className="text-sm text-slate-700">
                All products
              </label>
            </div>
            {allProducts ? null : (
              <div className="flex flex-wrap gap-x-5 gap-y-2 ps-6">
                {preferences.data.products.map((product) => (
                  <div key={product.id} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-${product.id}`}
                      checked={productIds.includes(product.id)}
                      onCheckedChange={(isChecked) =>
                        setProductIds((current) =>
                          isChecked
                            ? [...current, product.id]
                            : current.filter((value) => value !== product.id),
                        )
                      }
                    />
                    <label htmlFor={`${id}-${product.id}`} className="text-sm text-slate-700">
                      {product.name}
                    </label>
                  </div>
                ))}
              </div>
            )}
          </fieldset>
          {error ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            Save notifications
          </Button>
        </form>
      ) : null}
    </section>
  );
}
