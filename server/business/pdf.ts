/** The standard PDF fonts speak Latin-1 only: anything else becomes a close stand-in. */
export function pdfText(text: string) {
  return text
    .replace(/[\u00a0\u202f\u2009]/g, " ")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\n\r\t\u0020-\u00ff\u20ac]/g, "?");
}

export type PdfDoc = PDFKit.PDFDocument;

/**
 * Renders a document into a Buffer. Streams are left uncompressed: the files
 * are small, and their text stays readable to tests and search tools.
 */
export async function renderPdf(
  info: { title: string; subject: string; keywords?: string },
  draw: (doc: PdfDoc) => void,
): Promise<Buffer> {
  // Loaded with the first PDF, not at start (decision 703).
  const { default: PDFDocument } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 50,
      compress: false,
      info: {
        Title: pdfText(info.title),
        Subject: pdfText(info.subject),
        Keywords: pdfText(info.keywords ?? ""),
        Author: "Frontier",
        Creator: "Frontier",
      },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

export const pdfColors = { ink: "#0a0f1f", muted: "#5b6480", accent: "#f97316", rule: "#d5d9e6" };

/** The letterhead: brand, document kind and its number. */
export function drawHeading(doc: PdfDoc, kind: string, reference: string) {
  doc.fillColor(pdfColors.accent).font("Helvetica-Bold").fontSize(20).text("FRONTIER", 50, 50);
  doc
    .fillColor(pdfColors.muted)
    .font("Helvetica")
    .fontSize(9)
    .text("Engineering The Digital Frontier", 50, 74);
  doc
    .fillColor(pdfColors.ink)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(pdfText(kind), 300, 50, { width: 245, align: "right" });
  doc
    .fillColor(pdfColors.muted)
    .font("Helvetica")
    .fontSize(10)
    .text(pdfText(reference), 300, 74, { width: 245, align: "right" });
  doc.moveTo(50, 100).lineTo(545, 100).strokeColor(pdfColors.rule).stroke();
  doc.y = 115;
}

export type PdfColumn = { label: string; width: number; align?: "left" | "right" };

/** A simple table with a header row; starts a new page when a row would not fit. */
export function drawTable(doc: PdfDoc, columns: PdfColumn[], rows: string[][]) {
  const drawRow = (cells: string[], isHeader: boolean) => {
    const heights = cells.map((cell, index) =>
      doc.heightOfString(pdfText(cell), { width: columns[index].width - 8 }),
    );
    const height = Math.max(...heights, 12) + 8;
    if (doc.y + height > doc.page.height - 80) doc.addPage();
    const top = doc.y;
    let x = 50;
    doc
      .font(isHeader ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9)
      .fillColor(isHeader ? pdfColors.muted : pdfColors.ink);
    cells.forEach((cell, index) => {
      doc.text(pdfText(cell), x + 4, top + 4, {
        width: columns[index].width - 8,
        align: columns[index].align ?? "left",
      });
      x += columns[index].width;
    });
    doc
      .moveTo(50, top + height)
      .lineTo(545, top + height)
      .strokeColor(pdfColors.rule)
      .stroke();
    doc.y = top + height;
  };
  drawRow(
    columns.map((column) => column.label),
    true,
  );
  for (const row of rows) drawRow(row, false);
}

/** Label / amount pairs aligned right under a table; the last one bold. */
export function drawSummary(doc: PdfDoc, lines: Array<[string, string]>) {
  doc.y += 8;
  lines.forEach(([label, amount], index) => {
    const isLast = index === lines.length - 1;
    if (doc.y > doc.page.height - 80) doc.addPage();
    const top = doc.y;
    doc
      .font(isLast ? "Helvetica-Bold" : "Helvetica")
      .fontSize(isLast ? 11 : 9.5)
      .fillColor(pdfColors.ink);
    doc.text(pdfText(label), 300, top, { width: 140, align: "right" });
    doc.text(pdfText(amount), 445, top, { width: 100, align: "right" });
    doc.y = top + (isLast ? 18 : 14);
  });
}

/** Text of an uncompressed PDF made by renderPdf (tests read it to check totals). */
export function extractPdfText(pdf: Buffer) {
  const body = pdf.toString("latin1");
  const parts: string[] = [];
  for (const match of body.matchAll(/<([0-9a-fA-F]+)>/g)) {
    const hex = match[1];
    if (hex.length % 2) continue;
    parts.push(Buffer.from(hex, "hex").toString("latin1"));
  }
  return parts.join("");
}
