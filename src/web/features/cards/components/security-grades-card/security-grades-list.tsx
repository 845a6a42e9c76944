import { Lock } from 'lucide-react';
import type { CardView } from '../../../../../shared/cards';
import type { PortalView } from '../../../../../shared/portal';
import { gradeBand, providerOfKey } from '../../../../../shared/security-grade-catalogue';
import { useTranslator } from '../../../../lib/i18n';
import { specialisedOf, useSpecialisedTexts } from '../../lib/specialised';
import { GradePill } from './grade-pill';

/** Grade entries per provider (spec 2 §2): display name, where the grade comes from, and the grade. */
export function SecurityGradesList({
  id,
  view,
  card,
  limit,
}: {
  id?: string;
  view: PortalView;
  card: CardView;
  limit?: number;
}) {
  const translator = useTranslator();
  const specialisedTexts = useSpecialisedTexts();
  const data = specialisedOf(view);
  const entries = card.items.filter((item) => item.enabledState === 'Enabled').slice(0, limit);
  if (entries.length === 0) return null;
  return (
    <ul id={id} className="space-y-2.5 text-sm" data-testid="security-grades-list">
      {entries.map((item) => {
        const provider = providerOfKey(data.itemKeys[item.itemUid]);
        const entry = data.securityGrades.find((grade) => grade.itemUid === item.itemUid);
        const label = entry?.label || item.title;
        return (
          <li key={item.itemUid} className="flex items-center justify-between gap-3">
            <span className="min-w-0">
              <span className="block font-medium break-words text-slate-800">{label}</span>
              {entry?.url ? (
                <span className="block truncate text-xs text-slate-600">
                  {entry.url.replace(/^https:\/\//, '')}
                </span>
              ) : null}
            </span>
            {item.isLocked ? (
              <span className="text-slate-500">
                <Lock className="size-3.5" aria-hidden />
                <span className="sr-only">{translator.t('documents.locked')}</span>
              </span>
            ) : entry?.grade ? (
              <GradePill grade={entry.grade} band={provider ? gradeBand(provider, entry.grade) : null} />
            ) : (
              <span className="text-xs text-slate-500">{specialisedTexts.noGrade}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
