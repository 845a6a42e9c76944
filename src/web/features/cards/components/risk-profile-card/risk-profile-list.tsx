import { Lock } from 'lucide-react';
import type { CardView } from '../../../../../shared/cards';
import type { PortalView } from '../../../../../shared/portal';
import { riskAnswerLabel, riskQuestionOfKey } from '../../../../../shared/risk-profile-catalogue';
import { useTranslator } from '../../../../lib/i18n';
import { specialisedOf } from '../../lib/specialised';

/** The risk profile's questions with their answers, in the fixed display order (spec 2 §3). */
export function RiskProfileList({ view, card }: { view: PortalView; card: CardView }) {
  const translator = useTranslator();
  const data = specialisedOf(view);
  const questions = card.items.filter((item) => item.enabledState === 'Enabled');
  if (questions.length === 0) return null;
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid="risk-profile-list">
      {questions.map((item) => {
        const question = riskQuestionOfKey(data.itemKeys[item.itemUid]);
        return (
          <div
            key={item.itemUid}
            className="flex items-baseline justify-between gap-4 py-2 first:pt-0 last:pb-0"
          >
            <dt className="min-w-0 text-slate-600">{item.title}</dt>
            <dd className="shrink-0 text-right font-medium text-slate-900">
              {item.isLocked ? (
                <span className="inline-flex items-center gap-1 text-slate-500">
                  <Lock className="size-3.5" aria-hidden />
                  <span className="sr-only">{translator.t('documents.locked')}</span>
                </span>
              ) : question ? (
                riskAnswerLabel(question, data.riskAnswers[item.itemUid])
              ) : (
                '—'
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
