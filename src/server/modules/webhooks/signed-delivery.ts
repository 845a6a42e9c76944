import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { checkOutboundUrl, isLastingRefusal, type SafeFetchOptions, safeFetch } from '../../net/safe-fetch';
import { PermanentJobError } from '../../providers/jobs/database-queue';

/** One POST's deadline, connection to last byte; the job's time limit bounds the retries around it. */
export const webhookRequestTimeoutMs = 10_000;

/** `sha256=` + hex HMAC-SHA256 over "{timestamp}.{body}": the receiver checks both, so a replay is visible. */
export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Webhooks may use plain http (payloads are signed); every address goes through the gate. */
export function webhookGateOptions(config: Pick<Config, 'outboundAllowLoopback'>): SafeFetchOptions {
  return { allowHttp: true, allowLoopback: config.outboundAllowLoopback };
}

/** True when the gate refuses the address for good (private, local, not http(s)); unresolvable names pass. */
export async function isWebhookAddressRefused(
  config: Pick<Config, 'outboundAllowLoopback'>,
  url: string,
): Promise<boolean> {
  const refusal = await checkOutboundUrl(url, webhookGateOptions(config)).then(
    () => null,
    (error: unknown) => error,
  );
  return isLastingRefusal(refusal);
}

type SignedDelivery = {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: unknown;
  config: Pick<Config, 'outboundAllowLoopback'>;
};

/**
 * POSTs one signed JSON body through the outbound gate. Throws on a non-2xx answer, a redirect, a
 * timeout or a refused connection (the job queue retries), and PermanentJobError when the gate
 * refuses the address for good.
 */
export async function postSignedWebhook(delivery: SignedDelivery): Promise<void> {
  const json = JSON.stringify(delivery.body);
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await safeFetch(delivery.url, {
    ...webhookGateOptions(delivery.config),
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Attest-Webhooks/1',
      'x-attest-event': delivery.event,
      'x-attest-delivery': delivery.deliveryId,
      'x-attest-timestamp': String(timestamp),
      'x-attest-signature': signWebhookBody(delivery.secret, timestamp, json),
    },
    body: json,
    // A receiver's redirect is not followed: it counts as a failed delivery.
    maxRedirects: 0,
    timeoutMs: webhookRequestTimeoutMs,
  }).catch((error: unknown) => {
    if (isLastingRefusal(error))
      throw new PermanentJobError(`webhook address is not allowed (${error.code})`);
    throw error;
  });
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`webhook answered HTTP ${response.status}`);
  }
}

/**
 * One delivery attempt inside a job: records success, or the failure once it is final (the last
 * attempt or a permanent refusal), then rethrows so the queue retries or gives up.
 */
export async function deliverSignedWebhookAttempt(
  delivery: SignedDelivery,
  job: { attempts: number; maxAttempts: number },
  record: {
    onSuccess: () => Promise<unknown>;
    onFinalFailure: () => Promise<unknown>;
    logger?: Pick<Logger, 'warn'> | undefined;
    logFields: Record<string, unknown>;
  },
): Promise<void> {
  try {
    await postSignedWebhook(delivery);
  } catch (error) {
    const isFinal = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    if (isFinal) await record.onFinalFailure();
    record.logger?.warn(
      { ...record.logFields, attempts: job.attempts, isFinal, err: String(error) },
      'webhook failed',
    );
    throw error;
  }
  await record.onSuccess();
}
