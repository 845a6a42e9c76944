// @vitest-environment jsdom
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { press, type Rendered, renderInDom } from '../../lib/test-support/render-in-dom';
import { FilterTabs } from './tabs';

type Tab = 'all' | 'public' | 'private';
const options = [
  { value: 'all', label: 'All (3)' },
  { value: 'public', label: 'Public (1)' },
  { value: 'private', label: 'Private (2)' },
] as const;

let rendered: Rendered | undefined;
let chosen: Tab[] = [];

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  chosen = [];
  document.body.innerHTML = '';
});

function Harness() {
  const [tab, setTab] = useState<Tab>('all');
  return (
    <FilterTabs
      label="Filter documents"
      value={tab}
      options={options}
      onValueChange={(next) => {
        chosen.push(next);
        setTab(next);
      }}
    >
      <p>Showing {tab}</p>
    </FilterTabs>
  );
}

const tabs = () => [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const tabNamed = (name: string) => tabs().find((tab) => tab.textContent?.startsWith(name))!;
const selected = () => tabs().find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
const panel = () => document.querySelector<HTMLElement>('[role="tabpanel"]')!;

describe('FilterTabs', () => {
  it('names the list, makes the selected tab the only tab stop and labels the one panel by it', async () => {
    rendered = await renderInDom(<Harness />);
    const list = document.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).toBe('Filter documents');
    expect(list.getAttribute('aria-orientation')).toBe('horizontal');
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs().every((tab) => tab.getAttribute('aria-controls') === panel().id)).toBe(true);
    expect(panel().getAttribute('aria-labelledby')).toBe(tabNamed('All').id);
    expect(panel().textContent).toBe('Showing all');
  });

  it('selects a tab on a left press, not on a ctrl-press or another button', async () => {
    rendered = await renderInDom(<Harness />);
    const pressMouse = (tab: HTMLElement, init: MouseEventInit) =>
      act(async () => {
        tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, ...init }));
      });
    await pressMouse(tabNamed('Private'), { button: 0, ctrlKey: true });
    await pressMouse(tabNamed('Private'), { button: 2 });
    expect(selected()).toBe('All (3)');
    await pressMouse(tabNamed('Private'), { button: 0 });
    expect(selected()).toBe('Private (2)');
    expect(document.activeElement).toBe(tabNamed('Private'));
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
    expect(panel().getAttribute('aria-labelledby')).toBe(tabNamed('Private').id);
    expect(panel().textContent).toBe('Showing private');
  });

  it('moves focus and selection with the arrow keys (wrapping), Home and End', async () => {
    rendered = await renderInDom(<Harness />);
    await act(async () => tabNamed('All').focus());
    await press(document.activeElement, 'ArrowRight');
    expect(selected()).toBe('Public (1)');
    expect(document.activeElement).toBe(tabNamed('Public'));
    await press(document.activeElement, 'ArrowRight');
    await press(document.activeElement, 'ArrowRight');
    expect(selected()).toBe('All (3)');
    await press(document.activeElement, 'ArrowLeft');
    expect(selected()).toBe('Private (2)');
    await press(document.activeElement, 'Home');
    expect(selected()).toBe('All (3)');
    await press(document.activeElement, 'End');
    expect(selected()).toBe('Private (2)');
    expect(document.activeElement).toBe(tabNamed('Private'));
    // Up and down belong to the page in a horizontal list; modified arrows are the browser's.
    await press(document.activeElement, 'ArrowDown');
    await press(document.activeElement, 'ArrowLeft', { altKey: true });
    expect(selected()).toBe('Private (2)');
    expect(chosen).toEqual(['public', 'private', 'all', 'private', 'all', 'private']);
  });

  it('renders on the server with exactly one selected tab and the panel', () => {
    const html = renderToString(<Harness />);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html).toContain('role="tabpanel"');
    expect(html).toContain('data-state="active"');
  });
});
