// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, press, type Rendered, renderInDom } from '../../../lib/test-support/render-in-dom';
import { ReorderDialog } from './reorder-dialog';
import { type ReorderEntry, ReorderList } from './reorder-list';

const entries: ReorderEntry[] = [
  { id: 'a', label: 'Reports' },
  { id: 'b', label: 'Data Security' },
  { id: 'c', label: 'Legal', note: 'Hidden' },
];

function ControlledList({ onChange }: { onChange?(ids: string[]): void }) {
  const [order, setOrder] = useState(entries);
  return (
    <ReorderList
      label="Cards"
      entries={order}
      onEntriesChange={(next) => {
        setOrder(next);
        onChange?.(next.map((entry) => entry.id));
      }}
    />
  );
}

const rows = () => [...document.querySelectorAll<HTMLLIElement>('[data-testid="reorder-entry"]')];
const labels = () => rows().map((row) => row.querySelector('[data-testid="reorder-label"]')?.textContent);

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

describe('ReorderList', () => {
  it('moves an entry with the arrow buttons, whose outward ends are disabled', async () => {
    rendered = await renderInDom(<ControlledList />);
    const up = document.querySelector<HTMLButtonElement>('[aria-label="Move Reports up"]');
    const down = document.querySelector<HTMLButtonElement>('[aria-label="Move Legal down"]');
    expect(up?.disabled).toBe(true);
    expect(down?.disabled).toBe(true);
    await click(document.querySelector('[aria-label="Move Reports down"]'));
    expect(labels()).toEqual(['Data Security', 'Reports', 'Legal']);
    await click(document.querySelector('[aria-label="Move Legal up"]'));
    expect(labels()).toEqual(['Data Security', 'Legal', 'Reports']);
  });

  it('moves the focused row with the arrow keys and keeps the focus on it', async () => {
    rendered = await renderInDom(<ControlledList />);
    const reports = rows()[0];
    reports?.focus();
    await press(reports, 'ArrowDown');
    await press(document.activeElement, 'ArrowDown');
    expect(labels()).toEqual(['Data Security', 'Legal', 'Reports']);
    expect(document.activeElement?.textContent).toContain('Reports');
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      'Reports moved to position 3 of 3',
    );
  });

  it('ignores moves past either end of the list', async () => {
    const onChange = vi.fn();
    rendered = await renderInDom(<ControlledList onChange={onChange} />);
    await press(rows()[0], 'ArrowUp');
    await press(rows()[2], 'ArrowDown');
    expect(onChange).not.toHaveBeenCalled();
    expect(labels()).toEqual(['Reports', 'Data Security', 'Legal']);
  });

  it('shows a note, such as Hidden, next to an entry', async () => {
    rendered = await renderInDom(<ControlledList />);
    expect(rows()[2]?.textContent).toContain('Hidden');
  });
});

function DialogHarness({ onSave }: { onSave(ids: string[]): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ReorderDialog
        open={open}
        onOpenChange={setOpen}
        title="Re-order cards"
        listLabel="Cards"
        entries={entries}
        isSaving={false}
        onSave={onSave}
      />
    </>
  );
}

describe('ReorderDialog', () => {
  it('keeps a pending order until Save order, and starts from the saved order when reopened', async () => {
    const onSave = vi.fn();
    rendered = await renderInDom(<DialogHarness onSave={onSave} />);
    await click(byText('button', 'Open')[0]);
    const save = () => byText<HTMLButtonElement>('button', 'Save order')[0];
    expect(save()?.disabled).toBe(true);

    await press(rows()[0], 'ArrowDown');
    expect(labels()).toEqual(['Data Security', 'Reports', 'Legal']);
    expect(onSave).not.toHaveBeenCalled();

    await click(byText('button', 'Cancel')[0]);
    expect(rows()).toHaveLength(0);
    await click(byText('button', 'Open')[0]);
    expect(labels()).toEqual(['Reports', 'Data Security', 'Legal']);

    await click(document.querySelector('[aria-label="Move Legal up"]'));
    await click(save());
    expect(onSave).toHaveBeenCalledWith(['a', 'c', 'b']);
  });

  it('limits the list to 600 px high and scrolls beyond that', async () => {
    rendered = await renderInDom(<DialogHarness onSave={() => {}} />);
    await click(byText('button', 'Open')[0]);
    expect(document.querySelector('[data-testid="reorder-scroll"]')?.className).toContain(
      'max-h-[min(600px,calc(85vh-15rem))]',
    );
  });
});
