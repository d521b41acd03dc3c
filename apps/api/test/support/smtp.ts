/** A real SMTP server on loopback (smtp-server) that keeps the raw messages it receives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface LoopbackSmtp {
  url: string;
  messages: { to: string[]; raw: string }[];
  /** Resolves with the next message (or the first one already received that matches). */
  waitFor(recipient: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<LoopbackSmtp> {
  const messages: LoopbackSmtp['messages'] = [];
  const waiting: { recipient: string; resolve: (raw: string) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ to, raw });
        for (const waiter of waiting.splice(0)) {
          if (to.includes(waiter.recipient)) waiter.resolve(raw);
          else waiting.push(waiter);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(recipient) {
      const address = recipient.toLowerCase();
      const found = messages.find((message) => message.to.includes(address));
      if (found) return Promise.resolve(found.raw);
      return new Promise((resolve) => waiting.push({ recipient: address, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
