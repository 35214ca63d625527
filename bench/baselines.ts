/**
 * The baselines `npm run bench` compares the page cache with, each in its own process and
 * serving the exact bytes the product sent: bare node:http (the Node ceiling) and nginx
 * with gzip_static, when nginx is installed.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, stopAtExit } from "./product";

export type Baseline = { name: string; url: string; pid?: number; stop(): Promise<void> };

/** Headers Node writes itself on every answer (the baselines' servers write their own). */
const CONNECTION_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** The body as sent (not decompressed) for one Accept-Encoding, and the answer's own headers. */
function rawAnswer(url: string, acceptEncoding: string) {
  return new Promise<{ body: Buffer; headers: string[] }>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const encoding = response.headers["content-encoding"] ?? "identity";
          if (encoding !== (acceptEncoding === "gzip" ? "gzip" : "identity"))
            reject(new Error(`${url} answered ${encoding} to Accept-Encoding: ${acceptEncoding}`));
          const headers: string[] = [];
          for (let index = 0; index < response.rawHeaders.length; index += 2)
            if (!CONNECTION_HEADERS.has(response.rawHeaders[index].toLowerCase()))
              headers.push(response.rawHeaders[index], response.rawHeaders[index + 1]);
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on("error", reject);
  });
}

/**
 * Saves the page as the product serves it, identity and gzip, into a new temporary folder,
 * with the header block of each answer (for the baseline that sends the same headers).
 */
export async function savePage(url: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "frontier-bench-page-"));
  const identity = await rawAnswer(url, "identity");
  const gzip = await rawAnswer(url, "gzip");
  writeFileSync(path.join(dir, "page.html"), identity.body);
  writeFileSync(path.join(dir, "page.html.gz"), gzip.body);
  writeFileSync(
    path.join(dir, "headers.json"),
    JSON.stringify({ identity: identity.headers, gzip: gzip.headers }),
  );
  return {
    dir,
    identity: identity.body.length,
    gzip: gzip.body.length,
    /** How many headers each answer carried (besides the connection's own). */
    headers: { identity: identity.headers.length / 2, gzip: gzip.headers.length / 2 },
  };
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Bare node:http answering the saved page: with the three headers a static file needs, or
 * (`sameHeaders`) with the product's own header block, so that only the server differs.
 */
export async function startNodeBaseline(
  dir: string,
  { sameHeaders = false, rootOnly = false } = {},
): Promise<Baseline> {
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, "static-server.mjs"),
      dir,
      ...(sameHeaders ? ["--same-headers"] : []),
      ...(rootOnly ? ["--root-only"] : []),
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  stopAtExit(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (chunk) => resolve(JSON.parse(String(chunk)).port));
    child.once("exit", (code) => reject(new Error(`node baseline exited with ${code}`)));
  });
  return {
    name: sameHeaders ? "node:http, the product's headers" : "node:http",
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

/**
 * A page of plain text (no script, no stylesheet, no image) saved for a node:http baseline:
 * what Lighthouse gives on this machine for a page that asks nothing of the browser.
 */
export function savePlainPage() {
  const dir = mkdtempSync(path.join(tmpdir(), "frontier-bench-plain-"));
  const paragraphs = Array.from(
    { length: 12 },
    (_, index) =>
      `<p>Paragraph ${index + 1}. This page has no script, no stylesheet and no image (not even an icon): the browser parses it, lays it out and paints it, and nothing else.</p>`,
  ).join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A page of plain text for the benchmark."><link rel="icon" href="data:,"><title>A page of plain text</title></head><body><h1>A page of plain text</h1>\n${paragraphs}</body></html>`;
  writeFileSync(path.join(dir, "page.html"), html);
  writeFileSync(path.join(dir, "page.html.gz"), gzipSync(html));
  return dir;
}

export function nginxVersion() {
  // nginx prints its version on stderr.
  const result = spawnSync("nginx", ["-v"], { encoding: "utf8" });
  if (result.error) return undefined;
  return `${result.stderr}${result.stdout}`.match(/nginx\/\S+/)?.[0] ?? "nginx";
}

async function waitForPort(port: number, child: ChildProcess, log: () => string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nginx did not listen on ${port}:\n${log()}`);
}

/**
 * nginx in the foreground as a child process, with its own prefix, configuration, pid file
 * and port, running as the current user: one worker, serving page.html (page.html.gz with
 * gzip_static) for every address. Undefined when nginx is not installed.
 */
export async function startNginx(dir: string): Promise<Baseline | undefined> {
  if (!nginxVersion()) return undefined;
  const prefix = mkdtempSync(path.join(tmpdir(), "frontier-bench-nginx-"));
  for (const folder of ["logs", "temp"]) mkdirSync(path.join(prefix, folder));
  const port = await freePort();
  const user = userInfo();
  const config = `
${user.uid === 0 ? `user ${user.username};` : ""}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { text/html html; }
  charset utf-8;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    gzip_static on;
    location / { try_files /page.html =404; }
  }
}
`;
  writeFileSync(path.join(prefix, "nginx.conf"), config);
  const child = spawn(
    "nginx",
    [
      "-p",
      prefix,
      "-c",
      path.join(prefix, "nginx.conf"),
      "-e",
      path.join(prefix, "logs/error.log"),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  stopAtExit(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await waitForPort(port, child, () => output);
  return {
    name: "nginx",
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
