// The Node ceiling for `npm run bench`: a bare node:http server, in its own process, answering
// every request with the same bytes the product sent (page.html, or page.html.gz to a client
// that accepts gzip). Prints its port as JSON on its first line.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const dir = process.argv[2];
const identity = readFileSync(path.join(dir, "page.html"));
const gzip = readFileSync(path.join(dir, "page.html.gz"));

const server = http.createServer((request, response) => {
  const isGzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
  const body = isGzip ? gzip : identity;
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
