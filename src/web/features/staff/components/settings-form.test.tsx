// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalCustomisation } from '../../../../shared/portal';
import type { AskAiSetup } from '../../../../shared/search';
import type { OrganisationSettings } from '../../../../shared/staff';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch } from '../../../lib/test-support/fetch-double';
import { byText, click, type Rendered, renderInDom, waitFor } from '../../../lib/test-support/render-in-dom';
import { SettingsForm } from './settings-form';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const settings: OrganisationSettings = {
  name: 'Acme Cloud',
  slug: 'acme',
  websiteUrl: null,
  customisation: PortalCustomisation.parse({}),
};

async function renderForm(setup: AskAiSetup) {
  const patches: Array<{ customisation: Record<string, unknown> }> = [];
  stubFetch((call) => {
    if (call.url === '/api/staff/ask-ai') return json(setup);
    if (call.url === '/api/staff/organisation' && call.method === 'PATCH') {
      const patch = call.body as { customisation: Record<string, unknown> };
      patches.push(patch);
      return json({ ...settings, customisation: { ...settings.customisation, ...patch.customisation } });
    }
    return json({ error: { code: 'not_found', message: 'no route' } }, 404);
  });
  rendered = await renderInDom(<SettingsForm settings={settings} />);
  return patches;
}

const notes = () => document.querySelector('[data-testid="ask-ai-notes"]')?.textContent ?? '';

describe('SettingsForm: Ask AI', () => {
  it('turns Ask AI on with a switch and saves genAiEnabled with the other settings', async () => {
    const patches = await renderForm({ answerer: 'language_model', planIncludesAi: true });
    const toggle = document.getElementById('genAiEnabled')!;
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.querySelector('label[for="genAiEnabled"]')?.textContent).toContain(
      'Offer Ask AI in search',
    );
    await click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await click(byText('button', 'Save changes')[0]);
    await waitFor(() => patches.length > 0);
    expect(patches[0]!.customisation.genAiEnabled).toBe(true);
    await waitFor(() => notes());
    expect(notes()).toContain('language model configured on this server');
  });

  it('tells staff when no AI provider is configured, and when the plan keeps Ask AI from accounts', async () => {
    await renderForm({ answerer: 'built_in', planIncludesAi: false });
    await waitFor(() => notes());
    expect(notes()).toContain('No AI provider is configured on this server');
    expect(notes()).toContain('AI_BASE_URL and AI_MODEL');
    expect(notes()).toContain('Trust Center AI is off in Plan features');
  });
});

describe('SettingsForm: languages', () => {
  it('saves the default language and the offered ones; the default is always offered', async () => {
    const patches = await renderForm({ answerer: 'built_in', planIncludesAi: true });
    const defaultSelect = document.getElementById('defaultLocale') as HTMLSelectElement;
    expect(defaultSelect.value).toBe('en');
    const english = document.getElementById('offered-en')!;
    expect(english.getAttribute('aria-checked')).toBe('true');
    expect(english.hasAttribute('disabled')).toBe(true);
    await click(document.getElementById('offered-ar')!);
    await click(document.getElementById('offered-de')!);
    expect(document.querySelector('label[for="offered-ar"]')?.getAttribute('lang')).toBe('ar');
    await click(byText('button', 'Save changes')[0]);
    await waitFor(() => patches.length > 0);
    expect(patches[0]!.customisation).toMatchObject({
      defaultLocale: 'en',
      offeredLocales: ['en', 'ar', 'de'],
    });
  });
});
