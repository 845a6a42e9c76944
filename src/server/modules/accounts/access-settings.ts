import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type AccessSettings, AccessSettingsInput, accessMessages } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { requireAccessEditor, requireConsole, type StaffContext, writeAudit } from '../../core';
import { accessDomainRules, accessSettings } from '../../db/schema';
import { findOrCreateAccessSettings, isJwksAddressRefused, listDomainRules } from '../access';
import { expiryRemindersQueue } from './expiry-reminders';

export async function getAccessSettings({ ctx }: { ctx: StaffContext }): Promise<AccessSettings> {
  requireConsole(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const [settings, rules] = await Promise.all([
    findOrCreateAccessSettings(ctx.db, organisationId),
    listDomainRules(ctx.db, organisationId),
  ]);
  return {
    autoApproveAccountMembers: settings.autoApproveAccountMembers,
    rejectFreeMailDomains: settings.rejectFreeMailDomains,
    defaultAccessDays: settings.defaultAccessDays,
    expiryReminderDays: settings.expiryReminderDays,
    requireNda: settings.requireNda,
    domainRules: rules.map((rule) => ({ kind: rule.kind, domain: rule.domain })),
    byoid: {
      hasSecret: Boolean(settings.byoidSecret),
      jwksUrl: settings.byoidJwksUrl,
      issuer: settings.byoidIssuer,
    },
  };
}

/** Replaces the settings and the domain rules; the byoid secret is write-only (undefined keeps it). */
export async function updateAccessSettings({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: z.input<typeof AccessSettingsInput>;
}): Promise<AccessSettings> {
  requireAccessEditor(ctx.viewer);
  const parsed = AccessSettingsInput.parse(input);
  const domains = parsed.domainRules.map((rule) => rule.domain);
  const duplicate = domains.find((domain, index) => domains.indexOf(domain) !== index);
  if (duplicate) {
    throw new AppError('validation_failed', `${duplicate} has more than one rule.`, {
      domainRules: `${duplicate} has more than one rule.`,
    });
  }
  const { jwksUrl } = parsed.byoid;
  if (jwksUrl && (await isJwksAddressRefused(jwksUrl, ctx.config.outboundAllowLoopback))) {
    throw new AppError('validation_failed', accessMessages.jwksUrlNotAllowed, {
      'byoid.jwksUrl': accessMessages.jwksUrlNotAllowed,
    });
  }
  const organisationId = ctx.viewer.organisation.id;
  const before = await findOrCreateAccessSettings(ctx.db, organisationId);
  const expiryReminderDays = parsed.expiryReminderDays ?? before.expiryReminderDays;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(accessSettings)
      .set({
        autoApproveAccountMembers: parsed.autoApproveAccountMembers,
        rejectFreeMailDomains: parsed.rejectFreeMailDomains,
        defaultAccessDays: parsed.defaultAccessDays,
        expiryReminderDays,
        requireNda: parsed.requireNda,
        byoidJwksUrl: parsed.byoid.jwksUrl,
        byoidIssuer: parsed.byoid.issuer,
        ...(parsed.byoid.secret !== undefined ? { byoidSecret: parsed.byoid.secret } : {}),
        updatedAt: new Date(),
      })
      .where(eq(accessSettings.organisationId, organisationId));
    await tx.delete(accessDomainRules).where(eq(accessDomainRules.organisationId, organisationId));
    if (parsed.domainRules.length > 0) {
      await tx
        .insert(accessDomainRules)
        .values(parsed.domainRules.map((rule) => ({ organisationId, ...rule })));
    }
    // A wider window covers accounts at once: they are reminded now, not at the next hourly run.
    if (expiryReminderDays > before.expiryReminderDays) {
      await ctx.providers.jobs.enqueue(tx, expiryRemindersQueue, {}, { maxAttempts: 3 });
    }
    await writeAudit(tx, ctx.viewer, {
      action: 'access_settings.update',
      target: organisationId,
      data: {
        autoApproveAccountMembers: parsed.autoApproveAccountMembers,
        rejectFreeMailDomains: parsed.rejectFreeMailDomains,
        defaultAccessDays: parsed.defaultAccessDays,
        expiryReminderDays,
        requireNda: parsed.requireNda,
        domainRules: parsed.domainRules,
        byoidJwksUrl: parsed.byoid.jwksUrl,
        byoidIssuer: parsed.byoid.issuer,
        byoidSecretChanged: parsed.byoid.secret !== undefined,
      },
    });
  });
  return getAccessSettings({ ctx });
}
