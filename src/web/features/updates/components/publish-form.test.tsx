// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateMessages } from '../../../../shared/update-texts';
import { byText, click, type Rendered, renderInDom, settle } from '../../../lib/test-support/render-in-dom';
import { PublishForm } from './publish-form';

let rendered: Rendered | undefined;

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

async function typeInto(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    throw new Error('no field');
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  await act(async () => {
    setValue?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function pressEnter(element: Element | null | undefined) {
  await act(async () => {
    element?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
}

const fieldLabelled = (label: string) => {
  const element = byText<HTMLLabelElement>('label', label)[0];
  return document.getElementById(element?.htmlFor ?? '');
};
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((element) => element.textContent);

const products = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Payroll' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Acme HR' },
];

async function choose(select: Element | null | undefined, value: string) {
  if (!(select instanceof HTMLSelectElement)) throw new Error('no select');
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function renderForm(onSubmit = vi.fn(), offered: typeof products = []) {
  rendered = await renderInDom(
    <PublishForm
      mode={{ kind: 'create' }}
      subscriberCount={42}
      products={offered}
      isSubmitting={false}
      serverIssues={{}}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('PublishForm', () => {
  it('shows no messages before the first send, then every rule under its field', async () => {
    const onSubmit = await renderForm();
    expect(alerts()).toEqual([]);
    await click(fieldLabelled('Status page'));
    await click(byText('button', 'Publish update')[0]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(alerts()).toEqual(
      expect.arrayContaining([
        updateMessages.subjectRequired,
        updateMessages.categoryRequired,
        updateMessages.messageRequired,
        updateMessages.channelRequired,
      ]),
    );
    expect(document.activeElement).toBe(fieldLabelled('Subject'));
  });

  it('judges listed addresses as they are added and sends the payload once valid', async () => {
    const onSubmit = await renderForm();
    await typeInto(fieldLabelled('Subject'), 'Pen test summary');
    const category = fieldLabelled('Category') as HTMLSelectElement;
    await act(async () => {
      category.value = 'vulnerabilities';
      category.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await typeInto(fieldLabelled('Message'), 'All findings are fixed.');
    await click(fieldLabelled('E-mail'));
    expect(document.body.textContent).toContain('All confirmed subscribers (42)');
    await click(fieldLabelled('All confirmed subscribers (42)'));

    const addresses = fieldLabelled('Addresses');
    await typeInto(addresses, 'Ada@Customer.example');
    await pressEnter(addresses);
    await typeInto(addresses, 'nope');
    await pressEnter(addresses);
    expect([...document.querySelectorAll('[data-testid="token"]')].map((token) => token.textContent)).toEqual(
      ['ada@customer.example', 'nope'],
    );
    expect(alerts()).toContain(updateMessages.emailInvalid('nope'));
    expect(document.querySelector('[data-testid="token"][data-invalid="true"]')?.textContent).toBe('nope');

    await click(document.querySelector('button[aria-label="Remove nope"]'));
    await click(byText('button', 'Publish update')[0]);
    await settle(1);
    expect(onSubmit).toHaveBeenCalledWith({
      subject: 'Pen test summary',
      category: 'vulnerabilities',
      productId: null,
      message: 'All findings are fixed.',
      isPinned: false,
      channels: {
        statusPage: true,
        statusPageAudience: 'public',
        email: { enabled: true, subscribers: false, audience: ['ada@customer.example'] },
      },
    });
  });

  it('asks which product a topic concerns only when there are two or more, every product by default', async () => {
    const onSubmit = await renderForm(vi.fn(), [products[0]!]);
    expect(fieldLabelled('Product')).toBeNull();
    await rendered?.unmount();
    document.body.innerHTML = '';
    const send = await renderForm(vi.fn(), products);
    const product = fieldLabelled('Product');
    expect(product).toBeInstanceOf(HTMLSelectElement);
    expect((product as HTMLSelectElement).value).toBe('');
    await typeInto(fieldLabelled('Subject'), 'HR app outage');
    await choose(fieldLabelled('Category'), 'incidents');
    await choose(product, products[1]!.id);
    await typeInto(fieldLabelled('Message'), 'Resolved.');
    await click(byText('button', 'Publish update')[0]);
    await settle(1);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ productId: products[1]!.id }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
