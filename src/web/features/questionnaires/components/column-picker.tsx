import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import type { ColumnMapping, DraftAudience, DraftPreview } from '../../../../shared/questionnaire-drafts';
import { questionRows } from '../../../../shared/questionnaire-layout';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { apiRequest } from '../../../lib/api-client';
import { getPreview, useDraftActions } from '../api/drafts-api';

type ColumnRole = 'questionColumn' | 'answerColumn' | 'commentColumn' | 'controlIdColumn' | 'sectionColumn';
const roles: { role: ColumnRole; label: string; required?: boolean }[] = [
  { role: 'questionColumn', label: 'Questions', required: true },
  { role: 'answerColumn', label: 'Answers go in' },
  { role: 'commentColumn', label: 'Comments go in' },
  { role: 'controlIdColumn', label: 'Control ids' },
  { role: 'sectionColumn', label: 'Sections' },
];
const roleColours: Record<ColumnRole, string> = {
  questionColumn: 'bg-indigo-50',
  answerColumn: 'bg-emerald-50',
  commentColumn: 'bg-amber-50',
  controlIdColumn: 'bg-slate-100',
  sectionColumn: 'bg-slate-100',
};
const previewRows = 8;

function columnName(index: number): string {
  let name = '';
  for (let value = index; value > 0; value = Math.floor((value - 1) / 26)) {
    name = String.fromCharCode(65 + ((value - 1) % 26)) + name;
  }
  return name;
}

function emptyMapping(sheet: string): ColumnMapping {
  return {
    sheet,
    headerRow: 1,
    questionColumn: 1,
    answerColumn: null,
    commentColumn: null,
    controlIdColumn: null,
    sectionColumn: null,
  };
}

/** Which columns hold what, with a live preview: the count is what drafting will find. */
export function ColumnPicker({ draftId, organisationSlug }: { draftId: string; organisationSlug: string }) {
  const preview = useQuery({
    queryKey: ['console', 'questionnaire-preview', draftId],
    queryFn: () => getPreview(draftId),
  });
  if (preview.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {preview.error.message}
      </p>
    );
  if (!preview.data) return <p className="text-sm text-slate-600">Reading the questionnaire…</p>;
  return <ColumnPickerForm preview={preview.data} draftId={draftId} organisationSlug={organisationSlug} />;
}

function ColumnPickerForm({
  preview,
  draftId,
  organisationSlug,
}: {
  preview: DraftPreview;
  draftId: string;
  organisationSlug: string;
}) {
  const { start } = useDraftActions(draftId);
  const products = useQuery({
    queryKey: ['kb-products', organisationSlug],
    queryFn: () =>
      apiRequest<PortalView>(`/api/statuspage/share/${encodeURIComponent(organisationSlug)}/view`),
    select: (view) => view.products,
  });
  const firstSheet = preview.detected[0]?.mapping.sheet ?? preview.sheets[0]?.name ?? '';
  const [sheetName, setSheetName] = useState(firstSheet);
  const [mappings, setMappings] = useState<Record<string, ColumnMapping>>(() =>
    Object.fromEntries(preview.detected.map((entry) => [entry.mapping.sheet, entry.mapping])),
  );
  const [audience, setAudience] = useState<DraftAudience['kind']>('staff');
  const [productId, setProductId] = useState('');
  const sheet = preview.sheets.find((candidate) => candidate.name === sheetName) ?? preview.sheets[0]!;
  const mapping = mappings[sheet.name] ?? emptyMapping(sheet.name);
  const found = useMemo(() => questionRows(sheet, mapping), [sheet, mapping]);
  const columnCount = Math.max(1, ...sheet.rows.map((row) => row.length));
  const layout = preview.detected.find((entry) => entry.mapping.sheet === sheet.name)?.layout;
  const ids = useId();
  const setRole = (role: ColumnRole, value: string) =>
    setMappings((current) => ({
      ...current,
      [sheet.name]: { ...mapping, [role]: value === '' ? null : Number(value) },
    }));
  const chosenProduct = productId || products.data?.[0]?.productId || '';
  const member = preview.draft.submissionMember;
  const startDrafting = () =>
    start.mutate({
      mappings: Object.values(mappings).filter(
        (entry) =>
          questionRows(
            preview.sheets.find((candidate) => candidate.name === entry.sheet) ?? { name: '', rows: [] },
            entry,
          ).length > 0,
      ),
      productId: chosenProduct,
      audience:
        audience === 'member' && member
          ? { kind: 'member', accountMemberId: member.accountMemberId }
          : audience === 'anonymous'
            ? { kind: 'anonymous' }
            : { kind: 'staff' },
    });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-4">
        {preview.sheets.length > 1 ? (
          <div className="w-56">
            <label htmlFor={`${ids}-sheet`} className="mb-1 block text-sm font-medium text-slate-900">
              Sheet
            </label>
            <Select
              id={`${ids}-sheet`}
              value={sheet.name}
              onChange={(event) => setSheetName(event.target.value)}
            >
              {preview.sheets.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="w-32">
          <label htmlFor={`${ids}-header`} className="mb-1 block text-sm font-medium text-slate-900">
            Header row
          </label>
          <Select
            id={`${ids}-header`}
            value={mapping.headerRow ?? ''}
            onChange={(event) =>
              setMappings((current) => ({
                ...current,
                [sheet.name]: {
                  ...mapping,
                  headerRow: event.target.value === '' ? null : Number(event.target.value),
                },
              }))
            }
          >
            <option value="">None</option>
            {sheet.rows.slice(0, 30).map((_, index) => (
              <option key={index} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </Select>
        </div>
        {roles.map(({ role, label, required }) => (
          <div key={role} className="w-44">
            <label htmlFor={`${ids}-${role}`} className="mb-1 block text-sm font-medium text-slate-900">
              {label}
            </label>
            <Select
              id={`${ids}-${role}`}
              value={mapping[role] ?? ''}
              onChange={(event) => setRole(role, event.target.value)}
            >
              {required ? null : (
                <option value="">
                  {role === 'answerColumn' || role === 'commentColumn' ? 'A new column' : 'None'}
                </option>
              )}
              {Array.from({ length: columnCount + 0 }, (_, index) => {
                const header = mapping.headerRow ? sheet.rows[mapping.headerRow - 1]?.[index] : '';
                return (
                  <option key={index} value={index + 1}>
                    {columnName(index + 1)}
                    {header ? ` · ${header.slice(0, 28)}` : ''}
                  </option>
                );
              })}
            </Select>
          </div>
        ))}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        <strong>{found.length}</strong> questions found in {sheet.name}
        {layout && layout !== 'custom'
          ? ` (recognised as a ${layout === 'caiq' ? 'CAIQ' : 'SIG'}-style sheet)`
          : ''}
        .
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-left text-xs">
          <caption className="sr-only">
            The first rows of {sheet.name}, with the chosen columns tinted
          </caption>
          <thead>
            <tr className="bg-slate-50 text-slate-600">
              <th scope="col" className="px-2 py-1.5 font-medium">
                Row
              </th>
              {Array.from({ length: columnCount }, (_, index) => (
                <th key={index} scope="col" className="px-2 py-1.5 font-medium">
                  {columnName(index + 1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.slice(0, previewRows).map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1.5 font-normal text-slate-500">
                  {rowIndex + 1}
                </th>
                {Array.from({ length: columnCount }, (_, index) => {
                  const role = roles.find((candidate) => mapping[candidate.role] === index + 1)?.role;
                  return (
                    <td
                      key={index}
                      className={`max-w-72 truncate px-2 py-1.5 text-slate-800 ${role ? roleColours[role] : ''}`}
                    >
                      {row[index] ?? ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="sr-only">How to draft</legend>
        <div className="w-56">
          <label htmlFor={`${ids}-product`} className="mb-1 block text-sm font-medium text-slate-900">
            Product
          </label>
          <Select
            id={`${ids}-product`}
            value={chosenProduct}
            onChange={(event) => setProductId(event.target.value)}
          >
            {products.data ? null : <option value="">Loading…</option>}
            {(products.data ?? []).map((product) => (
              <option key={product.productId} value={product.productId}>
                {product.productName}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-72">
          <label htmlFor={`${ids}-audience`} className="mb-1 block text-sm font-medium text-slate-900">
            Draft from what this reader may see
          </label>
          <Select
            id={`${ids}-audience`}
            value={audience}
            onChange={(event) => setAudience(event.target.value as DraftAudience['kind'])}
          >
            <option value="staff">Everything (staff)</option>
            <option value="anonymous">Only public content</option>
            {member ? <option value="member">{`${member.name} (who sent it)`}</option> : null}
          </Select>
        </div>
        <Button onClick={startDrafting} disabled={found.length === 0 || !chosenProduct || start.isPending}>
          Draft {found.length} answers
        </Button>
      </fieldset>
      {start.error ? (
        <p role="alert" className="text-sm text-red-700">
          {start.error.message}
        </p>
      ) : null}
    </div>
  );
}
