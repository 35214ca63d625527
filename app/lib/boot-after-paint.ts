/**
 * Server-side rewrite of React Router's boot script so the page's JavaScript is fetched only
 * after the first paint: on a slow connection the HTML and the stylesheet get the whole link
 * first, and the browser paints the page before it starts on the ~130 KB of scripts that
 * hydrate it (decision 721).
 *
 * React Router writes `<link rel="modulepreload">` hints into the head and an inline module
 * script that imports the route modules statically, then the client entry. The hints are
 * taken out, and the module's static imports become dynamic ones that wait for a frame to
 * have been painted; the same hints are added back at that moment, so the chunks still load
 * in parallel rather than one after another.
 */
const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const bootScript =
  /(<script\b[^>]*type="module"[^>]*>)((?:(?!<\/script>)[\s\S])*window\.__reactRouterRouteModules(?:(?!<\/script>)[\s\S])*)(<\/script>)/;
const staticImport = /^\s*import \* as (\w+) from ("[^"]+");\s*$/gm;

/** The boot script's last statement: React Router's client entry, imported once the routes are. */
const clientEntry = /import\(("[^"]+")\);\s*$/;

/** How the boot loop below names its module hints, for reading them back. */
const hintList = /for \(const href of (\[[^\]]*\])\)/;

/**
 * The module hints a page's boot adds after the first paint (what `bootAfterPaint` took out
 * of its head), in order; none for a page it left as it was.
 */
export function bootModuleHints(html: string): string[] {
  const list = html.match(hintList)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

export function bootAfterPaint(html: string): string {
  const boot = html.match(bootScript);
  if (!boot) return html;
  const names: string[] = [];
  const specifiers: string[] = [];
  const body = boot[2].replace(staticImport, (_line, name: string, specifier: string) => {
    names.push(name);
    specifiers.push(specifier);
    return "";
  });
  if (names.length === 0) return html;
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  // Without the entry found, nothing is imported early: the entry must run after the routes.
  const entry = body.match(clientEntry)?.[1];
  const beforeEntry = entry ? preloads.filter((href) => JSON.stringify(href) !== entry) : [];
  const code = [
    // The first frame painted: the second animation frame comes after it has been presented
    // (and the timer after that frame's work). A hidden tab paints nothing, so it does not wait.
    "await new Promise((go) => { const later = () => setTimeout(go, 0); document.visibilityState === 'visible' ? requestAnimationFrame(() => requestAnimationFrame(later)) : later(); });",
    // Each hint starts a fetch there and then (2.5-18 ms of main-thread work on a slow
    // machine): one hint a task, so no single task is long on a slow phone.
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); await new Promise((go) => setTimeout(go, 0)); }`,
    // Each chunk evaluated in a task of its own, in the hints' order (the shared chunk, React
    // DOM's client, the routes), before the entry: React DOM compiled in the entry's task made
    // the longest task of a page's load (median 160 ms at Lighthouse's four-fold CPU slowdown;
    // decision 819).
    beforeEntry.length
      ? `for (const href of ${JSON.stringify(beforeEntry)}) { await import(href); await new Promise((go) => setTimeout(go, 0)); }`
      : "",
    `const [${names.join(", ")}] = await Promise.all([${specifiers.map((specifier) => `import(${specifier})`).join(", ")}]);`,
    body.trim().replace(/^;\s*/, ""),
  ]
    .filter(Boolean)
    .join("\n");
  return html.replace(boot[0], () => `${boot[1]}${code}${boot[3]}`).replace(modulePreload, "");
}
