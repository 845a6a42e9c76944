import { Check, Link2, Mail, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslator } from '../../../lib/i18n';
import { linkedInShareUrl, shareByEmailUrl } from '../lib/share-links';
import { copiedConfirmationMs } from '../lib/texts';

export type ShareTarget = { publicUrl: string; organisationName: string };

const actionClassName =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 transition hover:bg-slate-100';

/** The share actions (spec 1 §2), used in the popover on wide screens and in a card on small ones. */
export function SharePanel({ publicUrl, organisationName }: ShareTarget) {
  const { t } = useTranslator();
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), copiedConfirmationMs);
    return () => clearTimeout(timer);
  }, [isCopied]);

  if (!publicUrl) {
    return <p className="text-sm text-slate-600">{t('extras.noPublicUrl')}</p>;
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(publicUrl);
      setCopied(true);
    } catch {
      // No clipboard access (denied, insecure origin): nothing is claimed as copied.
      setCopied(false);
    }
  }

  return (
    <ul className="space-y-1">
      <li>
        <button type="button" onClick={copy} className={actionClassName}>
          {isCopied ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Link2 className="size-4" aria-hidden />
          )}
          <span aria-live="polite">{isCopied ? t('extras.copied') : t('extras.copyLink')}</span>
        </button>
      </li>
      <li>
        <a
          href={linkedInShareUrl(publicUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={actionClassName}
        >
          <Send className="size-4" aria-hidden />
          {t('extras.shareToLinkedIn')}
        </a>
      </li>
      <li>
        <a href={shareByEmailUrl(publicUrl, organisationName)} className={actionClassName}>
          <Mail className="size-4" aria-hidden />
          {t('extras.shareViaEmail')}
        </a>
      </li>
    </ul>
  );
}
