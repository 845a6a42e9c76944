import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { type TprmJwtResult, tprmLimits, tprmTexts } from '../../../../shared/tprm';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { fetchMemberPartners, generateToken, memberPartnersQueryKey } from '../api/tprm-api';

type Props = { view: PortalView; onClose(): void };

/** 'Send data to TPRM tool': pick a partner, Next generates a token shown once, Copy, Back / Done. */
export default function TprmDialog({ view, onClose }: Props) {
  const slug = view.organisation.slug;
  const accountId = view.viewer.member?.accountId ?? '';
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [result, setResult] = useState<TprmJwtResult['result'] | null>(null);
  const [isCopied, setCopied] = useState(false);
  const groupId = useId();
  const partners = useQuery({
    queryKey: memberPartnersQueryKey(slug),
    queryFn: () => fetchMemberPartners(slug),
    retry: false,
  });
  const generate = useMutation({
    mutationFn: (chosen: string) => generateToken(slug, { accountId, partnerId: chosen }),
    onSuccess: setResult,
  });

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), tprmLimits.copiedResetMs);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.token);
      setCopied(true);
    } catch {
      // Without clipboard access the token stays selectable in the field.
      setCopied(false);
    }
  }

  const list = partners.data?.partners ?? [];
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title={tprmTexts.title}>
        {result ? (
          <div className="mt-6 space-y-4" data-testid="tprm-token-step">
            <label htmlFor={`${groupId}-token`} className="block text-sm font-medium text-slate-800">
              {tprmTexts.tokenLabel}
            </label>
            <div className="flex gap-2">
              <textarea
                id={`${groupId}-token`}
                readOnly
                rows={4}
                value={result.token}
                data-testid="tprm-token"
                onFocus={(event) => event.currentTarget.select()}
                className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-900"
              />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={() => void copy()} data-testid="tprm-copy">
                {isCopied ? (
                  <Check className="size-4" aria-hidden />
                ) : (
                  <Copy className="size-4" aria-hidden />
                )}
                {isCopied ? tprmTexts.copied : tprmTexts.copy}
              </Button>
              <span role="status" className="sr-only">
                {isCopied ? tprmTexts.copied : ''}
              </span>
            </div>
            <p className="text-sm text-slate-700">{tprmTexts.expiryNote}</p>
            {result.partner.instructionsUrl ? (
              <p>
                <a
                  href={result.partner.instructionsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-ink underline underline-offset-2"
                >
                  {tprmTexts.instructions(result.partner.name)}
                  <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setResult(null);
                  setCopied(false);
                }}
              >
                {tprmTexts.back}
              </Button>
              <Button onClick={onClose}>{tprmTexts.done}</Button>
            </div>
          </div>
        ) : (
          <form
            className="mt-6 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (partnerId) generate.mutate(partnerId);
            }}
          >
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{tprmTexts.pickPartner}</legend>
              {partners.isPending ? (
                <p className="mt-2 text-sm text-slate-500">…</p>
              ) : list.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{tprmTexts.noPartners}</p>
              ) : (
                <div className="mt-2 space-y-2" role="radiogroup" aria-label={tprmTexts.pickPartner}>
                  {list.map((partner) => (
                    <label
                      key={partner.id}
                      className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-checked:border-brand-ink has-checked:bg-brand-ink/5"
                    >
                      <input
                        type="radio"
                        name={groupId}
                        value={partner.id}
                        checked={partnerId === partner.id}
                        onChange={() => setPartnerId(partner.id)}
                        className="size-4 accent-brand-ink"
                      />
                      <span className="font-medium text-slate-900">{partner.name}</span>
                      {partner.domain ? <span className="text-slate-600">{partner.domain}</span> : null}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            {generate.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {isApiError(generate.error) ? generate.error.message : tprmTexts.failed}
              </p>
            ) : null}
            <div className="flex justify-end">
              <Button type="submit" disabled={!partnerId || generate.isPending}>
                {tprmTexts.next}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
