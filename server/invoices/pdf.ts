import {
  drawHeading,
  drawSummary,
  drawTable,
  pdfColors,
  pdfText,
  renderPdf,
} from "#server/business/pdf.ts";
import { invoiceStatusLabel } from "#shared/business/labels.ts";
import {
  computeTotals,
  formatMoney,
  formatQuantity,
  formatRate,
  lineAmount,
} from "#shared/money.ts";
import type { FullInvoice } from "./queries";

/** The invoice as the client receives it: PDF bytes. */
export function renderInvoicePdf(invoice: FullInvoice, locale = "en-US") {
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const totals = computeTotals(invoice.items, {
    kind: invoice.discountKind,
    value: invoice.discountValue,
  });
  const balance = invoice.total - invoice.amountPaid;
  return renderPdf(
    {
      title: `Invoice ${invoice.number}`,
      subject: `Invoice ${invoice.number} total ${money(invoice.total)}`,
      keywords: `total=${invoice.total};currency=${invoice.currency};number=${invoice.number}`,
    },
    (doc) => {
      drawHeading(doc, "INVOICE", invoice.number);
      const top = doc.y;
      doc.font("Helvetica-Bold").fontSize(9).fillColor(pdfColors.muted).text("BILL TO", 50, top);
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .fillColor(pdfColors.ink)
        .text(pdfText(invoice.client.company), 50, top + 14, { width: 250 });
      doc
        .font("Helvetica")
        .fontSize(9.5)
        .text(pdfText(invoice.client.billingAddress || ""), { width: 250 });
      if (invoice.client.taxId) doc.text(pdfText(`Tax ID: ${invoice.client.taxId}`));
      const afterClient = doc.y;
      const facts: Array<[string, string]> = [
        ["Issue date", invoice.issueDate],
        ["Due date", invoice.dueDate],
        ["Status", invoiceStatusLabel[invoice.status]],
        ["Currency", invoice.currency],
      ];
      if (invoice.revision > 1) facts.push(["Revision", String(invoice.revision)]);
      facts.forEach(([label, value], index) => {
        const y = top + index * 14;
        doc
          .font("Helvetica")
          .fontSize(9)
          .fillColor(pdfColors.muted)
          .text(label, 330, y, { width: 90 });
        doc.fillColor(pdfColors.ink).text(pdfText(value), 420, y, { width: 125, align: "right" });
      });
      doc.y = Math.max(afterClient, top + facts.length * 14) + 20;
      drawTable(
        doc,
        [
          { label: "Description", width: 225 },
          { label: "Qty", width: 50, align: "right" },
          { label: "Unit price", width: 80, align: "right" },
          { label: "Tax", width: 50, align: "right" },
          { label: "Amount", width: 90, align: "right" },
        ],
        invoice.items.map((item) => [
          item.description,
          formatQuantity(item.quantity),
          money(item.unitAmount),
          `${formatRate(item.taxRateBp)}%`,
          money(lineAmount(item)),
        ]),
      );
      const summary: Array<[string, string]> = [["Subtotal", money(totals.subtotal)]];
      if (totals.discount) summary.push(["Discount", `-${money(totals.discount)}`]);
      for (const tax of totals.taxes)
        summary.push([`Tax ${formatRate(tax.rateBp)}%`, money(tax.amount)]);
      summary.push(["Total", money(invoice.total)]);
      if (invoice.amountPaid) {
        summary.push(["Paid", `-${money(invoice.amountPaid)}`]);
        summary.push(["Balance due", money(balance)]);
      }
      drawSummary(doc, summary);
      if (invoice.status === "void") {
        doc.moveDown().font("Helvetica-Bold").fontSize(14).fillColor("#b91c1c").text("VOID", 50);
        if (invoice.voidReason) doc.font("Helvetica").fontSize(9).text(pdfText(invoice.voidReason));
      }
      if (invoice.notes) {
        doc
          .moveDown()
          .font("Helvetica-Bold")
          .fontSize(9)
          .fillColor(pdfColors.muted)
          .text("NOTES", 50);
        doc
          .font("Helvetica")
          .fontSize(9.5)
          .fillColor(pdfColors.ink)
          .text(pdfText(invoice.notes), { width: 495 });
      }
      doc
        .font("Helvetica")
        .fontSize(8)
        .fillColor(pdfColors.muted)
        .text(`Please quote ${invoice.number} with your payment.`, 50, doc.page.height - 70, {
          width: 495,
          align: "center",
        });
    },
  );
}
