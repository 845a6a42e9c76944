import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  url: string;
  port: number;
  /** Every accepted message, raw (headers and MIME body); empty when started with keepMessages false. */
  messages: string[];
  accepted: () => number;
  close: () => Promise<void>;
};

/** A plain SMTP server on 127.0.0.1 accepting every message, for tests, benchmarks and CI checks. */
export async function startSmtpSink({ keepMessages = true } = {}): Promise<SmtpSink> {
  const messages: string[] = [];
  let accepted = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (keepMessages) chunks.push(chunk);
      });
      stream.on('end', () => {
        accepted++;
        if (keepMessages) messages.push(Buffer.concat(chunks).toString('utf8'));
        callback(null);
      });
    },
  });
  // A client killed mid-conversation resets its connection; that is the client's fault, not the sink's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
