import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free loopback port (or the given one) that keeps what it receives. */
export async function startSmtpServer(options: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    authOptional: true,
    // Mail is sent over pooled connections: closing waits for none of them.
    closeTimeout: 100,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** Connections opened so far. */
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A quoted-printable body as it was written: soft line breaks joined, `=XX` escapes decoded. */
function decodeQuotedPrintable(body: string) {
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A received mail with its quoted-printable parts decoded, to read links from. Only a part
 * whose own headers say quoted-printable is decoded: the headers and a 7bit body stay as sent,
 * so a link such as `?token=AB12…` is never read as the escape `=AB`.
 */
export function readableMail(raw: string) {
  return raw
    .split(/(\r?\n--[^\r\n]*\r?\n)/)
    .map((part) => {
      const bodyStart = part.search(/\r?\n\r?\n/);
      if (bodyStart < 0) return part;
      const headers = part.slice(0, bodyStart);
      if (!/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) return part;
      return headers + decodeQuotedPrintable(part.slice(bodyStart));
    })
    .join("");
}
