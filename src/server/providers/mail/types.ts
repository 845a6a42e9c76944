/** A mail as handed to a transport; messageId is stable across retries so receivers can de-duplicate. */
export type OutgoingMail = {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
};

/** The code that sends a mail does not know whether SMTP or the dev mailbox receives it. */
export type MailTransport = {
  readonly name: 'dev-mailbox' | 'smtp';
  /** Rejects with the signal's reason once it aborts (the job's time limit or shutdown). */
  send(mail: OutgoingMail, options?: { signal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
};

/** The receiver refused for good (SMTP 5xx): retrying will not help, the message is quarantined. */
export class PermanentMailError extends Error {}
