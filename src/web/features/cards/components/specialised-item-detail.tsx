import type { ItemView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { riskAnswerLabel, riskQuestionOfKey } from '../../../../shared/risk-profile-catalogue';
import { gradeBand, providerOfKey } from '../../../../shared/security-grade-catalogue';
import { specialisedOf } from '../lib/specialised';
import { ItemBadge } from './certifications-card/certifications-grid';
import { IntegrationWidget } from './integrations/integration-widget';
import { GradePill } from './security-grades-card/grade-pill';

/** What an expanded item of a specialised card shows above its body: badge, answer or grade. */
export function SpecialisedItemDetail({ view, item }: { view: PortalView; item: ItemView }) {
  const data = specialisedOf(view);
  if (data.integrations.some((entry) => entry.itemUid === item.itemUid)) {
    return <IntegrationWidget view={view} item={item} />;
  }
  const key = data.itemKeys[item.itemUid];
  if (key?.startsWith('certifications.')) return <ItemBadge view={view} item={item} />;
  const question = riskQuestionOfKey(key);
  if (question && !item.isLocked) {
    return (
      <p className="text-sm">
        <span className="font-semibold text-slate-900">
          {riskAnswerLabel(question, data.riskAnswers[item.itemUid])}
        </span>
      </p>
    );
  }
  const provider = providerOfKey(key);
  const entry = data.securityGrades.find((grade) => grade.itemUid === item.itemUid);
  if (provider && entry && !item.isLocked) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {entry.grade ? <GradePill grade={entry.grade} band={gradeBand(provider, entry.grade)} /> : null}
        <span className="text-slate-600">{entry.label}</span>
        {entry.url ? <span className="break-all text-slate-600">{entry.url}</span> : null}
      </p>
    );
  }
  return null;
}
