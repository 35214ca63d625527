// Writes the demo content's own artwork and audio under public/media:
// covers (one per case study and insight), portrait badges, the podcast's square artwork (JPEG,
// as podcast apps require) and short WAV tones.
// Each drawing is kept as SVG and drawn into the WebP the demo content shows: as an image,
// an SVG costs the browser a document of its own on the main thread (decision 744).
// Run once: node scripts/generate-demo-media.mjs (the output is committed).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "../public/media");
const palettes = [
  ["#3b82f6", "#a855f7"],
  ["#f97316", "#a855f7"],
  ["#3b82f6", "#14b8a6"],
  ["#a855f7", "#ec4899"],
  ["#f97316", "#eab308"],
  ["#14b8a6", "#3b82f6"],
  ["#ec4899", "#f97316"],
  ["#6366f1", "#22d3ee"],
];

/** Writes `<name>.svg` and the WebP drawn from it. */
async function writeDrawing(folder, name, svg) {
  writeFileSync(path.join(root, folder, `${name}.svg`), svg);
  await sharp(Buffer.from(svg))
    .webp({ quality: 80, effort: 6 })
    .toFile(path.join(root, folder, `${name}.webp`));
}

function escapeXml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function cover(label, index) {
  const [from, to] = palettes[index % palettes.length];
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = 120 + ((index * 173 + i * 211) % 1000);
    const y = 80 + ((index * 97 + i * 131) % 470);
    const r = 30 + ((index * 37 + i * 53) % 120);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="url(#g)" stroke-opacity="${(0.25 + i * 0.1).toFixed(2)}" stroke-width="2"/>`;
  }).join("");
  const lines = Array.from({ length: 9 }, (_, i) => {
    const y = 60 + i * 60;
    return `<path d="M0 ${y} C 300 ${y - 40 - index * 5}, 800 ${y + 60}, 1200 ${y - 20}" stroke="${i % 2 ? from : to}" stroke-opacity="0.18" fill="none"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="r" cx="0.8" cy="0.2" r="0.9"><stop offset="0" stop-color="${to}" stop-opacity="0.45"/><stop offset="1" stop-color="#05070f" stop-opacity="0"/></radialGradient></defs>
<rect width="1200" height="630" fill="#0a0f1f"/><rect width="1200" height="630" fill="url(#r)"/>${lines}${circles}
<text x="64" y="560" font-family="Space Grotesk, system-ui, sans-serif" font-size="44" font-weight="700" fill="#eef2ff">${escapeXml(label)}</text>
<rect x="64" y="580" width="160" height="6" rx="3" fill="url(#g)"/></svg>
`;
}

function badge(initials, index) {
  const [from, to] = palettes[(index + 3) % palettes.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${initials}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<circle cx="80" cy="80" r="80" fill="url(#g)"/><text x="80" y="96" text-anchor="middle" font-family="Space Grotesk, system-ui, sans-serif" font-size="52" font-weight="700" fill="#05070f">${initials}</text></svg>
`;
}

/** The show's artwork: square, as podcast apps require (Apple's smallest is 1,400 px). */
function artwork(title, index) {
  const [from, to] = palettes[index % palettes.length];
  const size = 1400;
  const rings = Array.from({ length: 7 }, (_, i) => {
    const r = 160 + i * 110;
    return `<circle cx="1050" cy="350" r="${r}" fill="none" stroke="url(#g)" stroke-opacity="${(0.55 - i * 0.06).toFixed(2)}" stroke-width="4"/>`;
  }).join("");
  const words = title.split(" ");
  const lines = words
    .map(
      (word, i) =>
        `<text x="120" y="${880 + i * 150}" font-family="Space Grotesk, system-ui, sans-serif" font-size="140" font-weight="700" fill="#eef2ff">${escapeXml(word)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="r" cx="0.75" cy="0.25" r="0.9"><stop offset="0" stop-color="${to}" stop-opacity="0.5"/><stop offset="1" stop-color="#05070f" stop-opacity="0"/></radialGradient></defs>
<rect width="${size}" height="${size}" fill="#0a0f1f"/><rect width="${size}" height="${size}" fill="url(#r)"/>${rings}${lines}
<rect x="120" y="${880 + words.length * 150 - 60}" width="320" height="14" rx="7" fill="url(#g)"/></svg>
`;
}

/** A mono 8 kHz 8-bit WAV: a soft tone with a fade in and out. */
function tone(seconds, frequency) {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = Buffer.alloc(44 + samples);
  buffer.write("RIFF", 0);
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write("WAVE", 8);
  buffer.write("fmt ", 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write("data", 36);
  buffer.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const envelope = Math.min(1, t / 0.5, (seconds - t) / 0.5);
    const value = Math.sin(2 * Math.PI * frequency * t) * 0.25 * envelope;
    buffer.writeUInt8(Math.round(128 + value * 127), 44 + i);
  }
  return buffer;
}

const covers = {
  "case-studies": [
    ["freight-visibility-platform", "Freight visibility platform"],
    ["clinic-triage-assistant", "Clinic triage assistant"],
    ["grocery-mobile-app", "Grocery ordering app"],
    ["bank-design-system", "Banking design system"],
    ["factory-vr-training", "Factory VR training"],
    ["campus-learning-portal", "Campus learning portal"],
  ],
  insights: [
    ["evaluation-sets-before-prompts", "Evaluation sets before prompts"],
    ["boring-architecture", "Boring architecture wins"],
    ["offline-first-mobile", "Offline-first mobile"],
    ["design-tokens-that-last", "Design tokens that last"],
    ["webxr-performance-budgets", "WebXR performance budgets"],
    ["fixed-price-without-tears", "Fixed price without tears"],
    ["taking-over-a-codebase", "Taking over a codebase"],
    ["accessibility-is-engineering", "Accessibility is engineering"],
  ],
};
for (const folder of ["case-studies", "insights", "podcast", "people"])
  mkdirSync(path.join(root, folder), { recursive: true });
let index = 0;
for (const [folder, items] of Object.entries(covers))
  for (const [slug, label] of items) await writeDrawing(folder, slug, cover(label, index++));
await writeDrawing("podcast", "cover", cover("Frontier Field Notes", 2));
const showArtwork = artwork("Frontier Field Notes", 2);
writeFileSync(path.join(root, "podcast", "artwork.svg"), showArtwork);
await sharp(Buffer.from(showArtwork))
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(path.join(root, "podcast", "artwork.jpg"));
const gallery = [
  ["freight-visibility-platform-portal", "Shipper portal: every load on one map"],
  ["freight-visibility-platform-console", "Dispatch console: exceptions first"],
  ["grocery-mobile-app-basket", "Offline basket with click-and-collect"],
  ["grocery-mobile-app-release", "Weekly staged releases"],
];
for (const [i, [slug, label]] of gallery.entries())
  await writeDrawing("case-studies", slug, cover(label, i + 5));
const people = ["Hannah Ross", "Samuel Achterberg", "Olivia Mensah", "Ahmed Karimi"];
for (const [i, name] of people.entries()) {
  const initials = name
    .split(" ")
    .map((part) => part[0])
    .join("");
  await writeDrawing("people", name.toLowerCase().replace(/\s+/g, "-"), badge(initials, i));
}
const tones = [
  [3, 220],
  [3, 262],
  [4, 294],
  [3, 330],
];
for (const [i, [seconds, frequency]] of tones.entries())
  writeFileSync(path.join(root, "podcast", `episode-${i + 1}.wav`), tone(seconds, frequency));
