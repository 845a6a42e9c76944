import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../shared/dates';
import { exitPreviewHref, previewAsPublicHref, productHref } from './portal-links';
import { portalViewFixture, productFixture } from './portal-view-fixture';

describe('portal links', () => {
  it('keeps to the slug path, or the root on a custom domain', () => {
    expect(productHref('/acme', 'hr')).toBe('/acme?product=hr');
    expect(productHref('', 'hr')).toBe('/?product=hr');
  });

  it('keeps a non-default product when entering or leaving a preview', () => {
    const view = portalViewFixture({ product: productFixture({ productSlug: 'hr', isDefault: false }) });
    expect(previewAsPublicHref(view, '/acme')).toBe('/acme?product=hr&preview=public');
    expect(exitPreviewHref(view, '/acme')).toBe('/acme?product=hr');
    expect(exitPreviewHref(portalViewFixture(), '')).toBe('/');
  });

  it("formats dates as 'MMMM d, yyyy' in UTC", () => {
    expect(formatDate('2025-12-31T23:30:00.000Z')).toBe('December 31, 2025');
  });
});
