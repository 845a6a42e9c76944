import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDate, formatDateTime } from '../../../../shared/dates';
import {
  AnswerObjectionInput,
  changeDetail,
  type NoticeChange,
  NoticeSettingsInput,
  type NoticesOverview,
  type NoticeView,
  noticeLimits,
  noticeMessages,
  type ObjectionView,
} from '../../../../shared/subprocessor-notices';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import {
  useAnswerObjection,
  useNoticeProducts,
  useNoticesOverview,
  usePublishNotice,
  useSaveNoticeSettings,
} from '../api/notices-api';

const changeTone: Record<NoticeChange['kind'], string> = {
  added: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  removed: 'bg-red-50 text-red-900 ring-red-200',
  changed: 'bg-amber-50 text-amber-950 ring-amber-200',
};
const changeLabel: Record<NoticeChange['kind'], string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

function ChangeList({ changes }: { changes: readonly NoticeChange[] }) {
  return (
    <ul className="space-y-2">
      {changes.map((change) => (
        <li key={change.key} className="flex items-start gap-2 text-sm text-slate-800">
          <span
            className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${changeTone[change.kind]}`}
          >
            {changeLabel[change.kind]}
          </span>
          <span className="min-w-0 break-words">{changeDetail(change)}</span>
        </li>
      ))}
    </ul>
  );
}

function errorMessage(error: unknown, field?: string): string {
  if (isApiError(error) && field) return error.fields[field] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function NoticePeriod({ noticeDays, canEdit }: { noticeDays: number; canEdit: boolean }) {
  const id = useId();
  const [value, setValue] = useState(String(noticeDays));
  const [error, setError] = useState<string | undefined>();
  const save = useSaveNoticeSettings();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = NoticeSettingsInput.safeParse({ noticeDays: Number(value) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Notice period saved'),
      onError: (failure) => setError(errorMessage(failure, 'body.noticeDays')),
    });
  }
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate onSubmit={submit}>
      <Field
        id={`${id}-days`}
        label="Default notice period (days)"
        error={error}
        hint="How far ahead the effective date is proposed; customers may object until then."
      >
        <Input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={noticeLimits.minNoticeDays}
          max={noticeLimits.maxNoticeDays}
          value={value}
          disabled={!canEdit}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy(`${id}-days`, error)}
          onChange={(event) => setValue(event.target.value)}
          className="sm:w-32"
        />
      </Field>
      {canEdit ? (
        <Button type="submit" variant="secondary" disabled={save.isPending} className="sm:mb-6">
          Save period
        </Button>
      ) : null}
    </form>
  );
}

function DraftNotice({
  overview,
  productName,
  canEdit,
}: {
  overview: NoticesOverview;
  productName: string;
  canEdit: boolean;
}) {
  const id = useId();
  const { draft } = overview;
  const [effectiveOn, setEffectiveOn] = useState(draft.defaultEffectiveOn);
  const [intro, setIntro] = useState('');
  const [emailSubscribers, setEmailSubscribers] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const publish = usePublishNotice();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    publish.mutate(
      { productId: draft.productId, effectiveOn, intro, emailSubscribers },
      {
        onSuccess: () => {
          toast.success(noticeMessages.published);
          setIntro('');
        },
        onError: (failure) => setError(errorMessage(failure, 'body.effectiveOn')),
      },
    );
  }
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
      data-testid="notice-draft"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight text-slate-950">
          Next notice for {productName}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Drafted from what changed in the subprocessor list since customers were last told.
        </p>
      </div>
      {draft.changes.length === 0 ? (
        <p className="text-sm text-slate-600">{noticeMessages.nothingToAnnounce}</p>
      ) : (
        <>
          <ChangeList changes={draft.changes} />
          {canEdit ? (
            <form className="space-y-4 border-t border-slate-100 pt-4" noValidate onSubmit={submit}>
              <Field
                id={`${id}-date`}
                label="Effective date"
                error={error}
                hint="Customers may object until this date; the subprocessors card announces the change until then."
              >
                <Input
                  id={`${id}-date`}
                  type="date"
                  value={effectiveOn}
                  isInvalid={Boolean(error)}
                  aria-describedby={describedBy(`${id}-date`, error)}
                  onChange={(event) => setEffectiveOn(event.target.value)}
                  className="sm:w-48"
                />
              </Field>
              <Field id={`${id}-intro`} label="Introduction (optional)">
                <Textarea
                  id={`${id}-intro`}
                  value={intro}
                  maxLength={noticeLimits.introMaxLength}
                  rows={3}
                  onChange={(event) => setIntro(event.target.value)}
                />
              </Field>
              <div className="flex items-center gap-3">
                <Checkbox
                  id={`${id}-email`}
                  checked={emailSubscribers}
                  onCheckedChange={setEmailSubscribers}
                />
                <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
                  E-mail subscribers who follow subprocessor changes
                </label>
              </div>
              <Button type="submit" disabled={publish.isPending}>
                Publish notice
              </Button>
            </form>
          ) : null}
        </>
      )}
    </section>
  );
}

function AnswerForm({ noticeId, objection }: { noticeId: string; objection: ObjectionView }) {
  const id = useId();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useAnswerObjection();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AnswerObjectionInput.safeParse({ answer });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    send.mutate(
      { noticeId, objectionId: objection.id, answer: parsed.data.answer },
      {
        onSuccess: () => toast.success(noticeMessages.answered),
        onError: (failure) => setError(errorMessage(failure, 'body.answer')),
      },
    );
  }
  return (
    <form className="mt-2 space-y-2" noValidate onSubmit={submit}>
      <Field id={`${id}-answer`} label={`Answer ${objection.email}`} error={error}>
        <Textarea
          id={`${id}-answer`}
          rows={2}
          value={answer}
          maxLength={noticeLimits.answerMaxLength}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy(`${id}-answer`, error)}
          onChange={(event) => setAnswer(event.target.value)}
        />
      </Field>
      <Button type="submit" size="sm" variant="secondary" disabled={send.isPending}>
        Send answer
      </Button>
    </form>
  );
}

function PublishedNotice({ notice, canEdit }: { notice: NoticeView; canEdit: boolean }) {
  const byChange = notice.changes.map((change) => ({
    change,
    objections: notice.objections.filter((objection) => objection.changeKey === change.key),
  }));
  return (
    <article
      aria-label={`Notice effective ${formatDate(notice.effectiveAt)}`}
      className="space-y-4 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
      data-testid="published-notice"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-base font-semibold text-slate-950">
            {notice.productName}: effective {formatDate(notice.effectiveAt)}
          </h3>
          <p className="text-xs text-slate-500">
            Published {formatDateTime(notice.publishedAt)} ·{' '}
            {notice.isWindowOpen ? 'objections open' : 'objections closed'} · {notice.objections.length}{' '}
            {notice.objections.length === 1 ? 'objection' : 'objections'}
          </p>
        </div>
        <div className="flex gap-2 text-sm">
          <a
            className="font-medium text-slate-900 underline underline-offset-4"
            href={`/api/subprocessor-notices/${notice.id}/export.csv`}
          >
            Export CSV
          </a>
          <a
            className="font-medium text-slate-900 underline underline-offset-4"
            href={`/api/subprocessor-notices/${notice.id}/export.json`}
          >
            Export JSON
          </a>
        </div>
      </div>
      <ul className="space-y-4">
        {byChange.map(({ change, objections }) => (
          <li key={change.key} className="space-y-2">
            <ChangeList changes={[change]} />
            {objections.length === 0 ? (
              <p className="ps-2 text-xs text-slate-500">No objections.</p>
            ) : (
              <ul className="space-y-3 border-s-2 border-slate-200 ps-3">
                {objections.map((objection) => (
                  <li key={objection.id} className="text-sm" data-testid="objection">
                    <p className="font-medium text-slate-900">
                      {objection.email}{' '}
                      <span className="font-normal text-slate-500">
                        {formatDateTime(objection.createdAt)}
                      </span>
                    </p>
                    {objection.reason ? (
                      <p className="whitespace-pre-line text-slate-700">{objection.reason}</p>
                    ) : null}
                    {objection.answer ? (
                      <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-slate-700">
                        <span className="font-medium text-slate-900">Answered: </span>
                        {objection.answer}
                      </p>
                    ) : canEdit ? (
                      <AnswerForm noticeId={notice.id} objection={objection} />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Console › Subprocessor notices (issue 34 §3): the period, the next notice, and every notice with its objections. */
export function NoticesPanel({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const products = useNoticeProducts();
  const [chosen, setChosen] = useState<string | null>(null);
  const productId =
    chosen ?? products.data?.find((product) => product.isDefault)?.id ?? products.data?.[0]?.id ?? null;
  const overview = useNoticesOverview(productId);
  if (products.error) return <ErrorBox detail={products.error.message} />;
  if (overview.error) return <ErrorBox detail={overview.error.message} />;
  if (!products.data || !overview.data) return <Skeleton className="h-48 w-full" />;
  const productName = products.data.find((product) => product.id === productId)?.name ?? '';
  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200 sm:flex-row sm:items-end sm:justify-between">
        {products.data.length > 1 ? (
          <Field id={`${id}-product`} label="Product">
            <Select
              id={`${id}-product`}
              value={productId ?? ''}
              onChange={(event) => setChosen(event.target.value)}
              className="sm:w-64"
            >
              {products.data.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <NoticePeriod
          key={overview.data.settings.noticeDays}
          noticeDays={overview.data.settings.noticeDays}
          canEdit={canEdit}
        />
      </div>
      <DraftNotice
        key={`${productId}-${overview.data.draft.defaultEffectiveOn}-${overview.data.notices.length}`}
        overview={overview.data}
        productName={productName}
        canEdit={canEdit}
      />
      <section className="space-y-4" aria-labelledby={`${id}-published`}>
        <h2 id={`${id}-published`} className="text-lg font-semibold tracking-tight text-slate-950">
          Published notices
        </h2>
        {overview.data.notices.length === 0 ? (
          <p className="text-sm text-slate-600">No notice published yet.</p>
        ) : (
          overview.data.notices.map((notice) => (
            <PublishedNotice key={notice.id} notice={notice} canEdit={canEdit} />
          ))
        )}
      </section>
    </div>
  );
}
