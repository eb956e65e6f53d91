/**
 * A local stand-in for an SMTP server (node:net, no TLS, no AUTH): enough of RFC 5321 for nodemailer —
 * EHLO/HELO, MAIL FROM, RCPT TO, DATA (with dot-unstuffing), RSET, NOOP, QUIT — so the app's real
 * SMTP path is tested by pointing SMTP_URL at smtp://127.0.0.1:{port}. Every message it accepts is kept.
 */
import net from "node:net";
import { decodeQuotedPrintable } from "./outbox";

export type SmtpMessage = {
  from: string;
  to: string[];
  /** The message as sent (headers and body, CRLF line ends). */
  raw: string;
  /** The same with quoted-printable soft breaks and escapes undone, for searching the text. */
  text: string;
};

export type FakeSmtp = {
  url: string;
  messages: SmtpMessage[];
  /** The first message (already received or yet to come) that matches, or a rejection after `timeoutMs`. */
  waitFor(predicate: (message: SmtpMessage) => boolean, timeoutMs?: number): Promise<SmtpMessage>;
  close(): Promise<void>;
};

const address = (argument: string) => argument.match(/<([^>]*)>/)?.[1] ?? argument.trim();

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: SmtpMessage[] = [];
  const waiters = new Set<(message: SmtpMessage) => void>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.setEncoding("utf8");
    const reply = (line: string) => socket.write(`${line}\r\n`);

    let buffer = "";
    let from = "";
    let to: string[] = [];
    let data: string[] | null = null;

    const handle = (line: string) => {
      if (data) {
        if (line !== ".") {
          data.push(line.startsWith("..") ? line.slice(1) : line);
          return;
        }
        const raw = `${data.join("\r\n")}\r\n`;
        const message = { from, to, raw, text: decodeQuotedPrintable(raw) };
        messages.push(message);
        for (const waiter of waiters) waiter(message);
        data = null;
        from = "";
        to = [];
        reply("250 2.0.0 Ok: queued");
        return;
      }
      const [verb = "", ...rest] = line.split(" ");
      const argument = rest.join(" ");
      switch (verb.toUpperCase()) {
        case "EHLO":
          reply("250-fake-smtp greets you");
          reply("250-8BITMIME");
          reply("250 SMTPUTF8");
          return;
        case "HELO":
          return reply("250 fake-smtp");
        case "MAIL":
          from = address(argument.replace(/^FROM:/i, ""));
          to = [];
          return reply("250 2.1.0 Ok");
        case "RCPT":
          if (!from) return reply("503 5.5.1 Error: need MAIL command");
          to.push(address(argument.replace(/^TO:/i, "")));
          return reply("250 2.1.5 Ok");
        case "DATA":
          if (!to.length) return reply("503 5.5.1 Error: need RCPT command");
          data = [];
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          from = "";
          to = [];
          return reply("250 2.0.0 Ok");
        case "NOOP":
          return reply("250 2.0.0 Ok");
        case "QUIT":
          reply("221 2.0.0 Bye");
          socket.end();
          return;
        default:
          return reply("502 5.5.2 Error: command not recognized");
      }
    };

    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end !== -1; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        handle(line);
      }
    });
    reply("220 fake-smtp ESMTP ready");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        const waiter = (message: SmtpMessage) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
