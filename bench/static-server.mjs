// The Node ceiling for `npm run bench`: a bare node:http server, in its own process, answering
// every request with the same bytes the product sent (page.html, or page.html.gz to a client
// that accepts gzip). With --same-headers it sends the product's own header block too (saved
// in headers.json), not just the three a static file needs. With --root-only it answers only
// "/" and 404 to anything else (a browser's page load: no robots.txt, no icon). Prints its port
// as JSON on its first line.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const dir = process.argv[2];
const identity = readFileSync(path.join(dir, "page.html"));
const gzip = readFileSync(path.join(dir, "page.html.gz"));
const saved = process.argv.includes("--same-headers")
  ? JSON.parse(readFileSync(path.join(dir, "headers.json"), "utf8"))
  : undefined;

const rootOnly = process.argv.includes("--root-only");

const server = http.createServer((request, response) => {
  if (rootOnly && request.url !== "/") {
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("Not found");
    return;
  }
  const isGzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
  const body = isGzip ? gzip : identity;
  if (saved) {
    response.writeHead(200, isGzip ? saved.gzip : saved.identity);
    response.end(body);
    return;
  }
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": body.length,
    Vary: "Accept-Encoding",
  };
  if (isGzip) headers["Content-Encoding"] = "gzip";
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
