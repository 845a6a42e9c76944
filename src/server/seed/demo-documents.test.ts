import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DocumentsView } from '../../shared/documents';
import { bridgeLetters, files, fileTextChunks, fileTexts } from '../db/schema';
import { createOrganisation, createStaffUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemoDocuments } from './demo-documents';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('seeds public, restricted, view-only and featured documents and a SOC 2 letter, once', async () => {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const admin = await createStaffUser(db, organisation.id);
  const options = {
    organisationId: organisation.id,
    productId: product.id,
    adminId: admin.id,
    storage: t.providers.storage,
  };
  await seedDemoDocuments(db, options);
  await seedDemoDocuments(db, options);
  const rows = await db.select().from(files).where(eq(files.organisationId, organisation.id));
  expect(rows).toHaveLength(5);
  for (const row of rows) expect(await t.providers.storage.exists(row.storageKey)).toBe(true);
  expect(await db.select().from(bridgeLetters).where(eq(bridgeLetters.productId, product.id))).toHaveLength(
    1,
  );
  const view = (await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` })).json()
    .documents as DocumentsView;
  expect(view.featuredItemUids).toHaveLength(1); // the featured SOC 2 excerpt is restricted
  expect(view.files.map((file) => file.title)).toEqual([
    'Information security policy',
    'Acceptable use policy',
  ]);
});

it("extracts the demo PDFs' text, so their words are searchable by whoever may read them", async () => {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const admin = await createStaffUser(db, organisation.id);
  await seedDemoDocuments(db, {
    organisationId: organisation.id,
    productId: product.id,
    adminId: admin.id,
    storage: t.providers.storage,
  });
  const texts = await db.select().from(fileTexts).where(eq(fileTexts.organisationId, organisation.id));
  expect(texts).toHaveLength(5);
  expect(texts.every((row) => row.status === 'extracted' && row.charCount > 0)).toBe(true);
  const chunks = await db.select({ text: fileTextChunks.text }).from(fileTextChunks);
  expect(chunks.some((chunk) => chunk.text.includes('least privilege'))).toBe(true);
  const search = await t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${organisation.slug}/search`,
    payload: { query: { term: 'least privilege', filters: { products: [product.id] } } },
  });
  expect(search.json().result.matches).toEqual([
    expect.objectContaining({ type: 'document', title: 'Information security policy' }),
  ]);
});
