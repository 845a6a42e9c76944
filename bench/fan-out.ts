import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { outboxMessages } from '../src/server/db/schema';
import type { OutgoingMail } from '../src/server/providers/mail/types';
import { startSmtpSink } from '../src/server/test/smtp-sink';

/**
 * Fan-out of one update to many subscribers into a local SMTP sink (127.0.0.1). Prints the time the
 * publishing request takes, the time to enqueue every delivery, delivery throughput against the raw
 * send rate of the same transport and sink (baselines: tiny mails, and the update's own mails), and
 * peak RSS. Not a test: no thresholds.
 * BENCH_SUBSCRIBERS (100000), BENCH_DELIVER (mails delivered for the throughput figure, 2000),
 * BENCH_DATABASE_URL (a PostgreSQL server; PGlite in memory otherwise), JOB_CONCURRENCY (4).
 */
const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const deliverCount = Number(process.env.BENCH_DELIVER ?? 2000);
if (process.env.BENCH_DATABASE_URL) {
  process.env.ATTEST_TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
}

export async function benchFanOut() {
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const { createTestApp } = await import('../src/server/test/test-app');
  const { staffOrganisation, addConfirmedSubscribers, topicInput } = await import(
    '../src/server/modules/updates/test-support'
  );
  const { fanOutUpdate } = await import('../src/server/modules/updates/fan-out');
  const { createSmtpTransport } = await import('../src/server/providers/mail/smtp');
  const sink = await startSmtpSink({ keepMessages: false });
  const t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}),
  });
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  try {
    // Baselines: the same transport sending straight to the sink, no database in between, with as
    // many sends at once as the job queue runs jobs (JOB_CONCURRENCY): tiny mails, and (below) the
    // very mails the fan-out wrote to the outbox.
    const concurrency = t.config.jobConcurrency;
    const baselineCount = Math.min(deliverCount, 2000);
    const rawSendRate = async (mailAt: (index: number) => OutgoingMail) => {
      const transport = createSmtpTransport({
        url: `smtp://127.0.0.1:${sink.port}`,
        maxConnections: concurrency,
      });
      const begun = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let index = next++; index < baselineCount; index = next++) {
            await transport.send(mailAt(index));
          }
        }),
      );
      const rate = baselineCount / ((performance.now() - begun) / 1000);
      await transport.close();
      return rate;
    };
    const baselineRate = await rawSendRate((index) => ({
      messageId: `<bench-${index}@attest.test>`,
      from: 'bench@attest.test',
      to: `raw-${index}@customer.example`,
      subject: 'Baseline',
      text: 'Baseline',
      html: null,
      headers: {},
    }));
    let started: number;

    // What one unsubscribe token costs (every recipient gets one).
    const { signUnsubscribeToken } = await import('../src/server/modules/subscriptions/subscription-tokens');
    const tokenOrganisation = { id: crypto.randomUUID() };
    await signUnsubscribeToken(t.database.db, tokenOrganisation, 'warm@customer.example');
    started = performance.now();
    for (let index = 0; index < 5000; index++) {
      await signUnsubscribeToken(t.database.db, tokenOrganisation, `token-${index}@customer.example`);
    }
    const tokenMicros = ((performance.now() - started) / 5000) * 1000;

    // Publish to the big organisation; enqueue its deliveries without sending them.
    const big = await staffOrganisation(t);
    await addConfirmedSubscribers(t, big.organisation.id, subscriberCount, 'bench');
    const payload = topicInput({
      channels: { statusPage: true, email: { enabled: true, subscribers: true } },
    });
    await big.inject({ method: 'POST', url: '/api/updates/topics', payload: topicInput() }); // warm-up
    started = performance.now();
    const response = await big.inject({ method: 'POST', url: '/api/updates/topics', payload });
    const publishMs = performance.now() - started;
    if (response.statusCode !== 201) throw new Error(`publish answered ${response.statusCode}`);
    const updateId = response.json<{ updates: Array<{ id: string }> }>().updates[0]!.id;
    started = performance.now();
    const { queued } = await fanOutUpdate(
      { db: t.database.db, config: t.config, providers: t.providers },
      updateId,
    );
    const enqueueMs = performance.now() - started;
    const updateMails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.organisationId, big.organisation.id))
      .limit(baselineCount);
    const sameMailRate = await rawSendRate((index) => {
      const mail = updateMails[index % updateMails.length]!;
      return {
        messageId: `<bench-same-${index}@attest.test>`,
        from: mail.fromAddress,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      };
    });

    // The same size with choices in place (issue 34): a quarter follow every kind, the rest one or two
    // kinds, every tenth paused, every third follows only the other product. A compliance update of
    // the first product reaches about 30 % of them, decided in the query.
    const choosy = await staffOrganisation(t);
    const { createProduct } = await import('../src/server/test/factories');
    const otherProduct = await createProduct(t.database.db, choosy.organisation.id, {
      name: 'Other',
      slug: 'other',
    });
    const choosyEmails = await addConfirmedSubscribers(t, choosy.organisation.id, subscriberCount, 'choosy');
    const { sql: rawSql } = await import('drizzle-orm');
    await t.database.db.execute(rawSql`
      update subscribers set
        categories = case (substring(email from 8 for 6))::int % 4
          when 0 then null
          when 1 then '["compliance"]'::jsonb
          when 2 then '["incidents"]'::jsonb
          else '["incidents","vulnerabilities"]'::jsonb end,
        products = case when (substring(email from 8 for 6))::int % 3 = 2
          then ${JSON.stringify([otherProduct.id])}::jsonb else null end,
        paused_at = case when (substring(email from 8 for 6))::int % 10 = 9 then now() else null end
      where organisation_id = ${choosy.organisation.id}`);
    const choosyResponse = await choosy.inject({
      method: 'POST',
      url: '/api/updates/topics',
      payload: { ...payload, productId: choosy.product.id },
    });
    const choosyUpdateId = choosyResponse.json<{ updates: Array<{ id: string }> }>().updates[0]!.id;
    started = performance.now();
    const { queued: choosyQueued } = await fanOutUpdate(
      { db: t.database.db, config: t.config, providers: t.providers },
      choosyUpdateId,
    );
    const choosyEnqueueMs = performance.now() - started;

    // Delivery throughput through the job queue, on an organisation of its own.
    const small = await staffOrganisation(t);
    await addConfirmedSubscribers(t, small.organisation.id, deliverCount, 'deliver');
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update jobs set state = 'completed' where queue = 'updates.mail'`,
    );
    const before = sink.accepted();
    await small.inject({ method: 'POST', url: '/api/updates/topics', payload });
    started = performance.now();
    await t.providers.jobs.drain();
    const deliverSeconds = (performance.now() - started) / 1000;
    const delivered = sink.accepted() - before;
    const deliveryRate = delivered / deliverSeconds;

    console.log(
      [
        `fan-out on ${database}: ${subscriberCount} subscribers, JOB_CONCURRENCY ${concurrency}`,
        `  publish request (e-mail channel)   ${publishMs.toFixed(0)} ms`,
        `  enqueue all deliveries             ${(enqueueMs / 1000).toFixed(1)} s (${queued} rows + mails + jobs, ${Math.round(queued / (enqueueMs / 1000))}/s)`,
        `  enqueue with choices in place      ${(choosyEnqueueMs / 1000).toFixed(1)} s (${choosyQueued} of ${choosyEmails.length} chose it, ${Math.round(choosyQueued / (choosyEnqueueMs / 1000))}/s)`,
        `  per queued mail, choices / none    ${((choosyEnqueueMs / choosyQueued / (enqueueMs / queued)) * 100).toFixed(1)} %`,
        `  delivery via job queue             ${deliveryRate.toFixed(1)} mails/s (${delivered} mails, incl. fan-out)`,
        `  raw SMTP send baseline             ${baselineRate.toFixed(1)} mails/s (${concurrency} at once)`,
        `  delivery / baseline                ${((deliveryRate / baselineRate) * 100).toFixed(1)} %`,
        `  raw SMTP, the same update mails    ${sameMailRate.toFixed(1)} mails/s (${concurrency} at once)`,
        `  delivery / same-mail baseline      ${((deliveryRate / sameMailRate) * 100).toFixed(1)} %`,
        `  unsubscribe token signing          ${tokenMicros.toFixed(0)} µs each`,
        `  peak RSS                           ${Math.round(peakRss / 1024 / 1024)} MiB`,
      ].join('\n'),
    );
  } finally {
    clearInterval(sampler);
    await t.close();
    await sink.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchFanOut().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
