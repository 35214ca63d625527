// Renders public/social-card.png (1200x630), the default Open Graph / Twitter
// image, from the HTML below with Debian's Chromium. Run: node scripts/render-social-card.mjs
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "public/social-card.png");
const executablePath = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
].find((candidate) => candidate && existsSync(candidate));

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: 1200px; height: 630px; overflow: hidden; background: #05070f; color: #eef2ff;
    font-family: "Space Grotesk", "DejaVu Sans", system-ui, sans-serif; position: relative; }
  .glow { position: absolute; border-radius: 50%; filter: blur(90px); }
  .g1 { width: 520px; height: 520px; left: -160px; top: -200px; background: rgba(59,130,246,.45); }
  .g2 { width: 460px; height: 460px; right: -120px; bottom: -220px; background: rgba(249,115,22,.35); }
  .g3 { width: 380px; height: 380px; right: 220px; top: -160px; background: rgba(168,85,247,.35); }
  .content { position: absolute; inset: 0; padding: 72px 80px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 16px; font-weight: 700; letter-spacing: .08em; font-size: 22px; }
  .brand small { display: block; color: #f97316; font-size: 18px; }
  h1 { margin-top: auto; font-size: 84px; line-height: 1.02; letter-spacing: -0.02em; font-weight: 800; max-width: 900px; }
  h1 span { background: linear-gradient(90deg, #3b82f6, #a855f7 55%, #f97316); -webkit-background-clip: text; color: transparent; }
  p { margin-top: 28px; font-size: 26px; color: #c3cbe6; }
  .bar { position: absolute; left: 0; right: 0; bottom: 0; height: 10px; background: linear-gradient(90deg, #3b82f6, #a855f7, #f97316); }
  svg.grid { position: absolute; right: 40px; top: 60px; opacity: .55; }
</style></head><body>
  <div class="glow g1"></div><div class="glow g2"></div><div class="glow g3"></div>
  <svg class="grid" width="360" height="220" viewBox="0 0 360 220" fill="none" stroke="#3b82f6" stroke-width="1.4">
    <circle cx="250" cy="80" r="52" stroke="#a855f7" stroke-width="2"/>
    <ellipse cx="250" cy="80" rx="100" ry="28" stroke="#f97316" transform="rotate(-12 250 80)"/>
    <path d="M40 170h320M40 195h320M200 150v70M140 150l-70 70M260 150l70 70"/>
  </svg>
  <div class="content">
    <div class="brand">
      <svg width="52" height="58" viewBox="0 0 24 26" fill="none" stroke="url(#b)" stroke-width="2">
        <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b82f6"/><stop offset="1" stop-color="#a855f7"/></linearGradient></defs>
        <path d="M12 1.5l10 5.75v11.5L12 24.5 2 18.75V7.25L12 1.5z"/><path d="M9 8h7M9 8v10M9 13h5" stroke="#f97316"/>
      </svg>
      <div>DIGITAL<small>FRONTIER</small></div>
    </div>
    <h1>Engineering The <span>Digital Frontier</span></h1>
    <p>Web platforms · AI &amp; ML · Mobile · UI/UX &amp; brand · VR/AR</p>
  </div>
  <div class="bar"></div>
</body></html>`;

const browser = await chromium.launch({
  executablePath,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  const shot = await page.screenshot({ type: "png" });
  // A 256-colour palette with dithering keeps the soft glows smooth and the file small.
  await sharp(shot)
    .png({ palette: true, colours: 256, dither: 1, compressionLevel: 9, effort: 10 })
    .toFile(output);
} finally {
  await browser.close();
}
console.log(`${path.relative(root, output)}: ${Math.round(statSync(output).size / 1024)} KB`);
