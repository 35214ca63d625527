import {
  drawHeading,
  drawSummary,
  drawTable,
  pdfColors,
  pdfText,
  renderPdf,
} from "#server/business/pdf.ts";
import { formatMoney } from "#shared/money.ts";
import type { Statement } from "./statement";

/** The statement of account as a PDF: one section per currency, each with its balances. */
export function renderStatementPdf(
  {
    client,
    statement,
  }: { client: { company: string; billingAddress: string }; statement: Statement },
  locale = "en-US",
) {
  const closing = statement.sections
    .map((section) => `${section.currency}=${section.closingBalance}`)
    .join(";");
  return renderPdf(
    {
      title: `Statement of account ${statement.from} to ${statement.to}`,
      subject: `Statement of account for ${client.company}`,
      keywords: `closing=${closing}`,
    },
    (doc) => {
      drawHeading(doc, "STATEMENT", `${statement.from} to ${statement.to}`);
      doc.font("Helvetica-Bold").fontSize(9).fillColor(pdfColors.muted).text("ACCOUNT OF", 50);
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .fillColor(pdfColors.ink)
        .text(pdfText(client.company), { width: 300 });
      doc
        .font("Helvetica")
        .fontSize(9.5)
        .text(pdfText(client.billingAddress || ""), { width: 300 });
      for (const section of statement.sections) {
        const money = (amount: number) => formatMoney(amount, section.currency, locale);
        doc
          .moveDown(1.5)
          .font("Helvetica-Bold")
          .fontSize(12)
          .fillColor(pdfColors.ink)
          .text(pdfText(`In ${section.currency}`), 50);
        doc.moveDown(0.5);
        drawTable(
          doc,
          [
            { label: "Date", width: 70 },
            { label: "Description", width: 185 },
            { label: "Charge", width: 80, align: "right" },
            { label: "Credit", width: 80, align: "right" },
            { label: "Balance", width: 80, align: "right" },
          ],
          [
            [statement.from, "Opening balance", "", "", money(section.openingBalance)],
            ...section.lines.map((line) => [
              line.date,
              line.description,
              line.charge ? money(line.charge) : "",
              line.credit ? money(line.credit) : "",
              money(line.balance),
            ]),
          ],
        );
        drawSummary(doc, [
          ["Opening balance", money(section.openingBalance)],
          ["Invoiced", money(section.totalCharges)],
          ["Paid and credited", `-${money(section.totalCredits)}`],
          [`Balance on ${statement.to}`, money(section.closingBalance)],
        ]);
      }
      doc
        .font("Helvetica")
        .fontSize(8)
        .fillColor(pdfColors.muted)
        .text(
          "Amounts are per currency; balances in different currencies are never added together.",
          50,
          doc.page.height - 70,
          { width: 495, align: "center" },
        );
    },
  );
}
