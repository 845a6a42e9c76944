import { useId, useState } from 'react';
import type { CardView } from '../../../../../shared/cards';
import type { PortalView } from '../../../../../shared/portal';
import {
  type RiskAnswer,
  type RiskQuestion,
  type RiskUnit,
  riskAnswerError,
  riskCustomDefault,
  riskMessages,
  riskQuestionOfKey,
  riskUnitLabels,
  riskUnits,
} from '../../../../../shared/risk-profile-catalogue';
import { describedBy, Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { saveRiskAnswers } from '../../api/specialised-editing-api';
import { useCardSavePart } from '../../lib/card-save-parts';

const noAnswer = '';
const custom = 'custom';

type Draft = { choice: string; unit: RiskUnit; number: string };

function draftOf(answer: RiskAnswer | null | undefined): Draft {
  if (!answer)
    return { choice: noAnswer, unit: riskCustomDefault.unit, number: String(riskCustomDefault.number) };
  if (answer.choice === custom && 'unit' in answer)
    return { choice: custom, unit: answer.unit, number: String(answer.number) };
  return { choice: answer.choice, unit: riskCustomDefault.unit, number: String(riskCustomDefault.number) };
}

function answerOf(draft: Draft): RiskAnswer | null {
  if (draft.choice === noAnswer) return null;
  if (draft.choice === custom) {
    const number = draft.number.trim() === '' ? Number.NaN : Number(draft.number);
    return { choice: custom, unit: draft.unit, number };
  }
  return { choice: draft.choice };
}

type Row = { itemUid: string; title: string; question: RiskQuestion };

/**
 * The risk profile's answers (spec 2 §3, §5): each question's enumeration, 'No Answer', and for the
 * recovery questions a custom number of minutes, hours or days (0–99, default 12 hours).
 */
export function RiskProfileEditor({ view, card }: { view: PortalView; card: CardView }) {
  const keys = view.specialised?.itemKeys ?? {};
  const saved = view.specialised?.riskAnswers ?? {};
  const rows: Row[] = card.items.flatMap((item) => {
    const question = riskQuestionOfKey(keys[item.itemUid]);
    return question ? [{ itemUid: item.itemUid, title: item.title, question }] : [];
  });
  const [savedDrafts, setSavedDrafts] = useState(() =>
    Object.fromEntries(rows.map((row) => [row.itemUid, draftOf(saved[row.itemUid])])),
  );
  const [drafts, setDrafts] = useState(savedDrafts);
  const [hasSubmitted, setSubmitted] = useState(false);
  const baseId = useId();
  const errors = Object.fromEntries(
    rows.map((row) => [row.itemUid, riskAnswerError(row.question, answerOf(drafts[row.itemUid]!))]),
  );
  useCardSavePart({
    isDirty: JSON.stringify(drafts) !== JSON.stringify(savedDrafts),
    validate: () => {
      setSubmitted(true);
      return !Object.values(errors).some(Boolean);
    },
    save: async () => {
      await saveRiskAnswers(
        { productId: view.product.productId },
        rows.map((row) => ({ itemUid: row.itemUid, answer: answerOf(drafts[row.itemUid]!) })),
      );
      setSavedDrafts(drafts);
    },
  });
  const update = (itemUid: string, change: Partial<Draft>) =>
    setDrafts((current) => ({ ...current, [itemUid]: { ...current[itemUid]!, ...change } }));

  return (
    <section
      aria-labelledby={`${baseId}-heading`}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
      data-testid="risk-profile-editor"
    >
      <h3 id={`${baseId}-heading`} className="text-sm font-semibold text-slate-900">
        Answers
      </h3>
      {rows.map((row) => {
        const draft = drafts[row.itemUid]!;
        const id = `${baseId}-${row.itemUid}`;
        const error = hasSubmitted ? (errors[row.itemUid] ?? undefined) : undefined;
        return (
          <div key={row.itemUid} className="space-y-2">
            <Field id={id} label={row.title}>
              <Select
                id={id}
                value={draft.choice}
                onChange={(event) => update(row.itemUid, { choice: event.target.value })}
              >
                <option value={noAnswer}>{riskMessages.noAnswer}</option>
                {row.question.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
                {row.question.allowsCustom ? <option value={custom}>{riskMessages.custom}</option> : null}
              </Select>
            </Field>
            {draft.choice === custom ? (
              <div className="flex gap-2 ps-4">
                <Field id={`${id}-number`} label="Number" error={error}>
                  <Input
                    id={`${id}-number`}
                    type="number"
                    min={0}
                    max={99}
                    step={1}
                    inputMode="numeric"
                    value={draft.number}
                    aria-label={`${row.title}: number`}
                    isInvalid={Boolean(error)}
                    aria-describedby={describedBy(`${id}-number`, error)}
                    onChange={(event) => update(row.itemUid, { number: event.target.value })}
                    className="w-24"
                  />
                </Field>
                <Field id={`${id}-unit`} label="Unit">
                  <Select
                    id={`${id}-unit`}
                    aria-label={`${row.title}: unit`}
                    value={draft.unit}
                    onChange={(event) => update(row.itemUid, { unit: event.target.value as RiskUnit })}
                  >
                    {riskUnits.map((unit) => (
                      <option key={unit} value={unit}>
                        {riskUnitLabels[unit]}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
