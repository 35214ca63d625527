import { readFileSync } from "node:fs";
import http from "node:http";

export type StreamedAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** How many body bytes went out before the server answered or closed. */
  sent: number;
};

/**
 * POSTs `head`, then `total` bytes of filler in 64 KB chunks, then `tail`, the way a
 * hostile client streams: chunked (no Content-Length) unless headers say otherwise. It
 * stops sending as soon as the server answers, and resolves with the answer; a server
 * that closes without answering rejects.
 */
export function streamPost(
  url: string,
  options: {
    headers?: Record<string, string>;
    head?: Buffer | string;
    total: number;
    tail?: Buffer | string;
    fill?: number;
  },
) {
  return new Promise<StreamedAnswer>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(url, { method: "POST", headers: options.headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          sent,
        });
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", done);
      response.on("error", done);
    });
    // Writing into a connection the server closed after answering fails: the answer counts.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const filler = Buffer.alloc(64 * 1024, options.fill ?? 0x61);
    const isOpen = () => !answered && !request.destroyed;
    const send = (piece: Buffer | string) => {
      sent += Buffer.byteLength(piece);
      return request.write(piece);
    };
    if (options.head) send(options.head);
    let filled = 0;
    const pump = () => {
      while (filled < options.total && isOpen()) {
        const piece = filler.subarray(0, Math.min(filler.length, options.total - filled));
        filled += piece.length;
        if (!send(piece)) return void request.once("drain", pump);
      }
      if (!isOpen()) return;
      if (options.tail) send(options.tail);
      request.end();
    };
    pump();
  });
}

/** The resident memory of a process, in bytes (Linux). */
export function residentMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return kilobytes * 1024;
}

/** A multipart body's opening: text fields, then the headers of one file part. */
export function multipartHead(
  boundary: string,
  fields: Record<string, string>,
  file: { field: string; name: string; type: string },
) {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  return parts.join("");
}
