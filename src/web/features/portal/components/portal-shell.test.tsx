import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageDataFixture, portalViewFixture } from '../lib/portal-view-fixture';
import { PortalShell } from './portal-shell';

describe('PortalShell', () => {
  it('renders the overview for a visitor, without staff toolbar and without the welcome modal on the server', () => {
    const html = renderToString(<PortalShell data={pageDataFixture()} />);
    expect(html).toContain('>Acme Cloud</h1>');
    expect(html).toContain('How Acme protects your data.');
    expect(html).toContain('March 4, 2025');
    expect(html).not.toContain('Staff toolbar');
    expect(html).not.toContain('Welcome to');
    expect(html).toContain('Built on');
    expect(html).toContain('Cookie settings');
  });

  it('shows the Main mode toolbar with the editing state and a preview-as-public link', () => {
    const view = portalViewFixture({
      viewer: {
        mode: 'main',
        staff: { name: 'Alex Admin', email: 'alex@acme.example', canEdit: true },
        member: null,
        preview: null,
      },
    });
    const html = renderToString(<PortalShell data={pageDataFixture(view)} />);
    expect(html).toContain('aria-label="Staff toolbar"');
    expect(html).toContain('Editing');
    expect(html).toContain('Alex Admin');
    expect(html).toContain('href="/acme?preview=public"');
    expect(html).toContain('href="/console"');
  });

  it('hides the powered-by link when the organisation turned it off', () => {
    const view = portalViewFixture();
    const html = renderToString(
      <PortalShell
        data={pageDataFixture({ ...view, customisation: { ...view.customisation, disablePoweredBy: true } })}
      />,
    );
    expect(html).not.toContain('Built on');
  });
});
