/** Figures read one request at a time: admin list pages and first-load bytes. */
import http from "node:http";
import { bootModuleHints } from "#app/lib/boot-after-paint.ts";
import { BROWSER_ACCEPT_ENCODING, WARM_UP_SECONDS } from "./load";
import type { Product } from "./product";
import { signIn } from "./product";

const SAMPLES = 21;
/**
 * Requests to each list before its samples, unmeasured: the server's code for that page is
 * compiled and optimised on its first few dozen (BENCH_WARM_UP=0: two, as a cold measure).
 */
const WARM_UP_REQUESTS = WARM_UP_SECONDS > 0 ? 50 : 2;
const line = (out: (text: string) => void, label: string, value: string) =>
  out(`  ${label.padEnd(44)} ${value}`);

/**
 * The lists, each as a staff member opens it. A deep page is the one its list's Next link leads
 * to from a page that deep (a keyset address, decision 746), as a person paging through reaches it.
 */
const ADMIN_LISTS: Array<string | { list: string; nextFrom: number }> = [
  "/admin/invoices",
  { list: "/admin/invoices", nextFrom: 299 },
  "/admin/invoices?q=company%200042",
  "/admin/clients",
  { list: "/admin/clients", nextFrom: 59 },
  "/admin/proposals",
  "/admin/projects",
  "/admin/insights",
  "/admin/subscribers",
];

/** The address a list page's Next link leads to (the page reached by offset, once, unmeasured). */
async function nextPageAddress(baseUrl: string, cookie: string, list: string, page: number) {
  const response = await fetch(`${baseUrl}${list}?page=${page}`, { headers: { Cookie: cookie } });
  const html = await response.text();
  const href = html.match(
    /<a[^>]*href="([^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]*)"/,
  );
  const address = (href?.[1] ?? href?.[2])?.replaceAll("&amp;", "&");
  if (!address?.includes("after="))
    throw new Error(`${list}?page=${page} has no Next link by keyset (${response.status})`);
  return address;
}

/**
 * Signed-in admin list pages over HTTP, one request at a time: the first request's time, then
 * p50 and p95 of 21 after the warm-up.
 */
export async function timeAdminLists(product: Product, out: (text: string) => void) {
  out(
    "\nSigned-in admin list pages, one request at a time, 2,000 clients and 10,000 invoices (goal: p50 < 30 ms)",
  );
  out(
    `  each list first requested ${WARM_UP_REQUESTS} times unmeasured (the first request's time shown), then ${SAMPLES} times measured`,
  );
  const cookie = await signIn(product.url);
  const timeOne = async (target: string) => {
    const startedAt = performance.now();
    const response = await fetch(`${product.url}${target}`, {
      headers: { Cookie: cookie, "Accept-Encoding": BROWSER_ACCEPT_ENCODING },
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
    return performance.now() - startedAt;
  };
  for (const entry of ADMIN_LISTS) {
    const [target, label] =
      typeof entry === "string"
        ? [entry, entry]
        : [
            await nextPageAddress(product.url, cookie, entry.list, entry.nextFrom),
            `${entry.list}, page ${entry.nextFrom + 1} (Next, keyset)`,
          ];
    const first = await timeOne(target);
    for (let run = 1; run < WARM_UP_REQUESTS; run++) await timeOne(target);
    const samples: number[] = [];
    for (let run = 0; run < SAMPLES; run++) samples.push(await timeOne(target));
    samples.sort((a, b) => a - b);
    const p50 = samples[Math.floor(samples.length / 2)];
    const p95 = samples[Math.floor(samples.length * 0.95)];
    line(
      out,
      label,
      `p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  first ${first.toFixed(1)} ms  ${p50 < 30 ? "met" : `MISSED (${(p50 / 30).toFixed(2)}x)`}`,
    );
  }
}

/** The bytes a browser that accepts gzip receives for a URL (the body as sent). */
function bytesSent(url: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
        });
        response.on("end", () => resolve(total));
      })
      .on("error", reject);
  });
}

async function pageBytes(base: string, pagePath: string) {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    js.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(match[1]);
  // The same hints, added by the boot script after the first paint (app/lib/boot-after-paint.ts).
  for (const href of bootModuleHints(html)) js.add(href);
  for (const match of html.matchAll(/import(?:\(| \* as \w+ from )"([^"]+\.js)"/g))
    js.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g))
    css.add(match[1]);
  const sent = async (urls: Set<string>) => {
    let total = 0;
    for (const url of urls) total += await bytesSent(new URL(url, base).href);
    return total;
  };
  return { js: await sent(js), css: await sent(css), html: await bytesSent(`${base}${pagePath}`) };
}

/** JavaScript, CSS and HTML of each public page's first load, as sent with gzip. */
export async function firstLoadBytes(
  product: Product,
  { insight, caseStudy }: { insight: string; caseStudy: string },
  out: (text: string) => void,
) {
  out("\nFirst-load bytes as sent with gzip (goal: Home JavaScript <= 120 KB)");
  const publicPages = [
    "/",
    "/about-us",
    "/services",
    "/services/scalable-web-platforms",
    "/case-studies",
    caseStudy,
    "/insights",
    insight,
    "/podcasts",
    "/faq",
    "/pricing",
    "/contact",
    "/personas",
  ];
  for (const pagePath of publicPages) {
    const bytes = await pageBytes(product.url, pagePath);
    const goal = pagePath === "/" ? (bytes.js <= 120 * 1024 ? "  met" : "  MISSED") : "";
    line(
      out,
      pagePath,
      `JS ${(bytes.js / 1024).toFixed(1)} KB  CSS ${(bytes.css / 1024).toFixed(1)} KB  HTML ${(bytes.html / 1024).toFixed(1)} KB${goal}`,
    );
  }
}
