import { type PdfDoc, pdfColors, pdfText } from "#server/business/pdf.ts";
import type { FullProposal } from "./queries";
import { snapshotSha256 } from "./snapshot";

function utc(date: Date | null) {
  return date ? `${date.toISOString().slice(0, 19).replace("T", " ")} UTC` : "-";
}

/**
 * The signed proposal's last page: who accepted, when, from where, and the SHA-256 of
 * the accepted version's snapshot, so the copy can be checked against what was signed.
 */
export function drawAcceptanceRecord(doc: PdfDoc, proposal: FullProposal) {
  if (proposal.status !== "accepted" || !proposal.acceptedAt || !proposal.acceptedSnapshot) return;
  const sha256 = proposal.acceptedSnapshotSha256 ?? snapshotSha256(proposal.acceptedSnapshot);
  doc.addPage();
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(pdfColors.ink)
    .text("Acceptance record", 50, 50);
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .fillColor(pdfColors.muted)
    .text(pdfText(`Audit trail of "${proposal.title}" for ${proposal.client.company}.`), {
      width: 495,
    });
  doc.moveDown();
  const rows: Array<[string, string]> = [
    ["Signed by (typed name)", proposal.acceptedName ?? "-"],
    [
      "Signed in as",
      proposal.acceptedEmail
        ? `${proposal.acceptedEmail} (client portal)`
        : "Not signed in (accepted through the proposal link)",
    ],
    ["Accepted at", utc(proposal.acceptedAt)],
    ["From address", proposal.acceptedAddress ?? "-"],
    ["Sent", utc(proposal.sentAt)],
    ["First opened", utc(proposal.firstViewedAt)],
    ["Valid until", proposal.validUntil],
  ];
  for (const [label, value] of rows) {
    const top = doc.y;
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(pdfColors.muted)
      .text(label, 50, top, { width: 150 });
    doc.fillColor(pdfColors.ink).text(pdfText(value), 200, top, { width: 345 });
    doc.y = Math.max(doc.y, top + 14) + 4;
  }
  doc.moveDown();
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(pdfColors.ink)
    .text("SHA-256 of the accepted version", 50);
  doc
    .font("Courier")
    .fontSize(9)
    .text(sha256, 50, doc.y + 2, { width: 495 });
  doc
    .moveDown()
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(pdfColors.muted)
    .text(
      "The hash is taken over the snapshot kept at acceptance (title, sections, items, discount, deposit, validity and totals) written as JSON with its keys sorted. The same snapshot always gives the same hash; any change gives another.",
      50,
      doc.y,
      { width: 495 },
    );
}
