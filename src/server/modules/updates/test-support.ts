import type { StaffRole } from '../../../shared/permissions';
import type { CreateTopicInput } from '../../../shared/updates';
import { subscribers } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';

/** An organisation with a signed-in staff member; `inject` adds cookie and CSRF header. */
export async function staffOrganisation(t: TestApp, role?: StaffRole) {
  const { organisation, product } = await createOrganisation(t.database.db);
  const staff = await createStaffUser(t.database.db, organisation.id, role ? { role } : {});
  const session = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  const inject = (options: {
    method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: string;
    payload?: unknown;
  }) =>
    t.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      cookies: session.cookies,
      headers: session.headers,
      ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
    });
  return { organisation, product, staff, session, inject };
}

export function topicInput(overrides: Partial<CreateTopicInput> = {}): CreateTopicInput {
  return {
    subject: 'SOC 2 Type II report renewed',
    category: 'compliance',
    message: 'Our **SOC 2** report for 2025 is available.',
    channels: { statusPage: true, statusPageAudience: 'public' },
    ...overrides,
  };
}

/** Confirmed subscribers named `${prefix}-0000@…` upwards, inserted in one statement per thousand. */
export async function addConfirmedSubscribers(
  t: Pick<TestApp, 'database'>,
  organisationId: string,
  count: number,
  prefix = 'sub',
) {
  const emails: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + 1000); index++) {
      const email = `${prefix}-${String(index).padStart(6, '0')}@customer.example`;
      emails.push(email);
      rows.push({
        organisationId,
        email,
        source: 'subscribe_button',
        status: 'confirmed' as const,
        confirmedAt: new Date(),
      });
    }
    await t.database.db.insert(subscribers).values(rows);
  }
  return emails;
}
