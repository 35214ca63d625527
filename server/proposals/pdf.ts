import {
  drawHeading,
  drawSummary,
  drawTable,
  pdfColors,
  pdfText,
  renderPdf,
} from "#server/business/pdf.ts";
import { proposalTotals } from "#shared/business/proposal-form.ts";
import { formatMoney, formatQuantity, formatRate, lineAmount } from "#shared/money.ts";
import { drawAcceptanceRecord } from "./acceptance-record";
import type { FullProposal } from "./queries";

/** Markdown as readable plain paragraphs: headings, bullets and emphasis marks dropped. */
function plainBlocks(markdown: string) {
  return markdown
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split("\n")
        .map((line) =>
          line
            .replace(/^#{1,6}\s+/, "")
            .replace(/^\s*[-*+]\s+/, "- ")
            .replace(/\*\*(.+?)\*\*/g, "$1")
            .replace(/[*_`]/g, "")
            .replace(/\[(.+?)\]\((.+?)\)/g, "$1 ($2)"),
        )
        .join("\n")
        .trim(),
    )
    .filter(Boolean);
}

/** The proposal as a PDF: sections, priced items, totals, deposit and validity. */
export function renderProposalPdf(proposal: FullProposal, locale = "en-US") {
  const money = (amount: number) => formatMoney(amount, proposal.currency, locale);
  const totals = proposalTotals(proposal);
  return renderPdf(
    {
      title: proposal.title,
      subject: `Proposal for ${proposal.client.company} total ${money(totals.oneOff.total)}`,
      keywords: `total=${totals.oneOff.total};currency=${proposal.currency}`,
    },
    (doc) => {
      drawHeading(doc, "PROPOSAL", `Valid until ${proposal.validUntil}`);
      doc
        .font("Helvetica-Bold")
        .fontSize(16)
        .fillColor(pdfColors.ink)
        .text(pdfText(proposal.title), 50);
      doc
        .font("Helvetica")
        .fontSize(10)
        .fillColor(pdfColors.muted)
        .text(pdfText(`Prepared for ${proposal.client.company}`));
      const sections: Array<[string, string]> = [
        ["Scope", proposal.scope],
        ["Approach", proposal.approach],
        ["Timeline", proposal.timeline],
      ];
      for (const [heading, body] of sections) {
        if (!body.trim()) continue;
        doc
          .moveDown()
          .font("Helvetica-Bold")
          .fontSize(12)
          .fillColor(pdfColors.ink)
          .text(heading, 50);
        doc.font("Helvetica").fontSize(10).fillColor(pdfColors.ink);
        for (const block of plainBlocks(body))
          doc.text(pdfText(block), { width: 495 }).moveDown(0.5);
      }
      doc
        .moveDown()
        .font("Helvetica-Bold")
        .fontSize(12)
        .fillColor(pdfColors.ink)
        .text("Investment", 50);
      doc.moveDown(0.5);
      drawTable(
        doc,
        [
          { label: "Item", width: 215 },
          { label: "Qty", width: 50, align: "right" },
          { label: "Unit price", width: 85, align: "right" },
          { label: "Tax", width: 45, align: "right" },
          { label: "Amount", width: 100, align: "right" },
        ],
        proposal.items.map((item) => [
          item.kind === "recurring"
            ? `${item.description} (per ${item.interval ?? "month"})`
            : item.description,
          formatQuantity(item.quantity),
          money(item.unitAmount),
          `${formatRate(item.taxRateBp)}%`,
          money(lineAmount(item)),
        ]),
      );
      const summary: Array<[string, string]> = [["Subtotal", money(totals.oneOff.subtotal)]];
      if (totals.oneOff.discount) summary.push(["Discount", `-${money(totals.oneOff.discount)}`]);
      for (const tax of totals.oneOff.taxes)
        summary.push([`Tax ${formatRate(tax.rateBp)}%`, money(tax.amount)]);
      if (totals.monthly.total) summary.push(["Monthly", money(totals.monthly.total)]);
      if (totals.yearly.total) summary.push(["Yearly", money(totals.yearly.total)]);
      if (totals.deposit)
        summary.push([`Deposit (${proposal.depositPercent}%)`, money(totals.deposit)]);
      summary.push(["Total", money(totals.oneOff.total)]);
      drawSummary(doc, summary);
      if (proposal.terms.trim()) {
        doc
          .moveDown()
          .font("Helvetica-Bold")
          .fontSize(12)
          .fillColor(pdfColors.ink)
          .text("Terms", 50);
        doc.font("Helvetica").fontSize(9.5);
        for (const block of plainBlocks(proposal.terms))
          doc.text(pdfText(block), { width: 495 }).moveDown(0.5);
      }
      if (proposal.status === "accepted" && proposal.acceptedAt) {
        doc
          .moveDown()
          .font("Helvetica-Bold")
          .fontSize(10)
          .fillColor(pdfColors.ink)
          .text(
            pdfText(
              `Accepted by ${proposal.acceptedName} on ${proposal.acceptedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
            ),
            50,
          );
      }
      drawAcceptanceRecord(doc, proposal);
    },
  );
}
