// A local SMTP server in a process of its own, for the drills and the bench: it accepts every
// mail, appends each recipient and the mail's subject to a file (`address<TAB>subject`, a line
// each, so counts survive its restarts)
// and prints `ready <port>` once listening, then `count <n>` every half second while mail comes.
// node drills/smtp-sink.mjs --port 0 --log /tmp/received.txt
import { createWriteStream } from "node:fs";
import { SMTPServer } from "smtp-server";

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const log = createWriteStream(arg("log", "/dev/null"), { flags: "a" });
let count = 0;
let printed = -1;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  closeTimeout: 100,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    let head = "";
    stream.on("data", (chunk) => {
      if (head.length < 4096) head += chunk.toString("latin1");
    });
    stream.on("end", () => {
      const subject = (head.match(/^Subject: ?(.*)$/im)?.[1] ?? "").trim();
      for (const recipient of session.envelope.rcptTo)
        log.write(`${recipient.address}\t${subject}\n`);
      count += session.envelope.rcptTo.length;
      callback();
    });
  },
});
server.listen(Number(arg("port", "0")), "127.0.0.1", () => {
  process.stdout.write(`ready ${server.server.address().port}\n`);
});
setInterval(() => {
  if (count === printed) return;
  printed = count;
  process.stdout.write(`count ${count}\n`);
}, 500).unref();
const stop = () => log.end(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
