// Draws public/favicon.png (64x64), the built-in favicon, from public/favicon.svg: a browser
// draws an SVG icon in the page's own process (decision 744). Run: node scripts/render-favicon.mjs
import path from "node:path";
import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "../public");
await sharp(path.join(publicDir, "favicon.svg"), { density: 96 })
  .resize(64, 64)
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, "favicon.png"));
