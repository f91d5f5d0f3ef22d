import PDFDocument from 'pdfkit';

import { invoices, type Invoice, type InvoiceProduct, type PublicProfile } from '@portal/contract';

import type { HeldImage } from '../provider/provider.service.ts';
import { displayDate, money } from './invoice-format.ts';

export interface InvoiceDocument {
  invoice: Invoice;
  account: { account_number: string; name: string; company_nm: string };
  products: InvoiceProduct[];
  /** When the document is made (epoch ms, from the injected clock). */
  generatedAt: number;
  /** The portal's locale of dates and numbers (the provider profile's, decision 123). */
  locale: string;
  /** The letterhead: the provider profile's company block (decision 123), and its logo when a PNG. */
  provider: PublicProfile;
  logo: HeldImage | null;
}

const page = { width: 612, height: 792, margin: 50 } as const; // US Letter, in points
const contentWidth = page.width - 2 * page.margin;
const ink = '#1f2933';
const muted = '#616e7c';
const rule = '#cbd2d9';

/**
 * Lays out an invoice as a customer files it: letterhead and invoice facts, bill-to, the amount due,
 * the charges summary, the services by product, and page numbers. Resolves with the whole PDF.
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { invoice, account, products, locale, provider } = doc;
  const accent = provider.primary_color;
  const company = provider.company_name || provider.portal_name;
  const contact = (...parts: string[]) => parts.filter(Boolean).join('  ·  ');
  // Every amount is in the invoice's currency (its account's), in the portal's locale, as its dates are.
  const amount = (value: number) => money(value, invoice.currency, locale);
  const date = (isoDate: string) => displayDate(isoDate, locale);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: page.margin,
    bufferPages: true,
    info: {
      Title: `Invoice ${invoice.invoice_number}`,
      Author: company,
      Subject: `Invoice ${invoice.invoice_number} for account ${account.account_number}`,
      CreationDate: new Date(doc.generatedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // Letterhead (left) and the invoice's facts (right).
  // A PNG logo heads the block; pdfkit draws no SVG, so an SVG logo leaves the name alone.
  let top = page.margin;
  if (doc.logo?.type === 'image/png') {
    pdf.image(doc.logo.bytes, page.margin, top, { fit: [160, 40] });
    top += 48;
  }
  pdf.fillColor(accent).font('Helvetica-Bold').fontSize(18).text(company, page.margin, top, { width: 300 });
  pdf.fillColor(muted).font('Helvetica').fontSize(9);
  for (const line of provider.postal_address) pdf.text(line);
  if (provider.tax_id) pdf.text(`Tax ID ${provider.tax_id}`);
  const reach = contact(provider.billing_email, provider.billing_phone);
  if (reach) pdf.text(reach);
  if (provider.website) pdf.text(provider.website);
  const letterheadEnd = pdf.y;

  const factsX = page.margin + contentWidth - 200;
  pdf
    .fillColor(ink)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text('INVOICE', factsX, page.margin, { width: 200, align: 'right' });
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoice_number],
    ['Account number', invoice.account_number],
    ['Bill date', date(invoice.bill_date)],
    ['Due date', date(invoice.due_date)],
  ];
  let y = page.margin + 30;
  for (const [label, value] of facts) {
    pdf.font('Helvetica').fontSize(9).fillColor(muted).text(label, factsX, y, { width: 95 });
    pdf
      .font('Helvetica-Bold')
      .fillColor(ink)
      .text(value, factsX + 95, y, { width: 105, align: 'right' });
    y += 14;
  }

  // Bill to, and the amount due box.
  y = Math.max(y, pdf.y, letterheadEnd) + 24;
  pdf
    .moveTo(page.margin, y)
    .lineTo(page.margin + contentWidth, y)
    .strokeColor(rule)
    .lineWidth(1)
    .stroke();
  y += 14;
  pdf.font('Helvetica-Bold').fontSize(9).fillColor(muted).text('BILL TO', page.margin, y);
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(ink)
    .text(account.company_nm, page.margin, y + 14, { width: 280 });
  pdf.font('Helvetica').fontSize(10).text(account.name, { width: 280 });
  pdf.text(`Account ${account.account_number}`, { width: 280 });
  const billToBottom = pdf.y;

  const boxX = page.margin + contentWidth - 200;
  pdf.rect(boxX, y, 200, 62).fillColor('#eef4fa').fill();
  pdf
    .fillColor(muted)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('TOTAL AMOUNT DUE', boxX + 12, y + 10, { width: 176 });
  pdf
    .fillColor(ink)
    .fontSize(18)
    .text(amount(invoice.total_amt_due), boxX + 12, y + 24, { width: 176 });
  pdf
    .fillColor(muted)
    .font('Helvetica')
    .fontSize(9)
    .text(`Due by ${date(invoice.due_date)}`, boxX + 12, y + 46, {
      width: 176,
    });
  y = Math.max(billToBottom, y + 62) + 28;

  // Charges summary.
  y = heading(pdf, 'Summary of charges', y, accent);
  for (const { key, label } of invoices.invoiceCharges)
    y = row(pdf, y, [label, amount(invoice[key])], [contentWidth - 120, 120]);
  y = totalRow(pdf, y, 'Total amount due', amount(invoice.total_amt_due));

  // Services by product.
  y += 24;
  const widths = [220, contentWidth - 220 - 60 - 100, 60, 100];
  const header = ['Product', 'Product group', 'Qty', 'Amount'];
  y = heading(pdf, 'Services', y, accent);
  y = row(pdf, y, header, widths, { bold: true, color: muted, right: 2 });
  if (products.length === 0) {
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(muted)
      .text('No services were billed on this invoice.', page.margin, y + 4);
    y += 20;
  }
  for (const p of products) {
    if (y > page.height - page.margin - 60) {
      pdf.addPage();
      y = row(pdf, page.margin, header, widths, { bold: true, color: muted, right: 2 });
    }
    y = row(pdf, y, [p.product, p.product_group, String(p.service_count), amount(p.price)], widths, { right: 2 });
  }
  const servicesTotal = products.reduce((sum, p) => sum + p.price, 0);
  if (products.length > 0) y = totalRow(pdf, y, 'Services total', amount(servicesTotal));

  // Remittance note, then page numbers on every page.
  if (y > page.height - page.margin - 60) {
    pdf.addPage();
    y = page.margin;
  }
  pdf
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(muted)
    .text(
      `Please write invoice number ${invoice.invoice_number} and account number ${invoice.account_number} on your payment. ` +
        `Questions about this invoice? ${[
          provider.billing_email && `Write to ${provider.billing_email}`,
          provider.billing_phone && `call ${provider.billing_phone}`,
        ]
          .filter(Boolean)
          .join(
            ', ',
          )}${provider.billing_email || provider.billing_phone ? ', or contact' : 'Contact'} your account team in the customer portal.`,
      page.margin,
      y + 24,
      { width: contentWidth },
    );
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    pdf.page.margins.bottom = 0;
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(
        `${company}  ·  Invoice ${invoice.invoice_number}  ·  Page ${i + 1} of ${range.count}`,
        page.margin,
        page.height - page.margin + 10,
        { width: contentWidth, align: 'center', lineBreak: false },
      );
  }
  pdf.end();
  return done;
}

function heading(pdf: PDFKit.PDFDocument, title: string, y: number, accent: string): number {
  pdf.font('Helvetica-Bold').fontSize(12).fillColor(accent).text(title, page.margin, y);
  return y + 20;
}

/** One table row with a hairline below; returns where the next row starts. */
function row(
  pdf: PDFKit.PDFDocument,
  y: number,
  cells: string[],
  widths: number[],
  style: { bold?: boolean; color?: string; right?: number } = {},
): number {
  pdf
    .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9.5)
    .fillColor(style.color ?? ink);
  let x = page.margin;
  let height = 0;
  cells.forEach((cell, i) => {
    const width = widths[i] ?? 100;
    // Amount columns (the last `right` cells, by default only the last) are right-aligned.
    const align = i >= cells.length - (style.right ?? 1) ? 'right' : 'left';
    const options = { width: width - 6, align } as const;
    height = Math.max(height, pdf.heightOfString(cell, options));
    pdf.text(cell, x, y + 5, options);
    x += width;
  });
  const bottom = y + height + 10;
  pdf
    .moveTo(page.margin, bottom)
    .lineTo(page.margin + contentWidth, bottom)
    .strokeColor(rule)
    .lineWidth(0.5)
    .stroke();
  return bottom;
}

function totalRow(pdf: PDFKit.PDFDocument, y: number, label: string, amount: string): number {
  pdf.font('Helvetica-Bold').fontSize(10.5).fillColor(ink);
  pdf.text(label, page.margin, y + 7, { width: contentWidth - 120 });
  pdf.text(amount, page.margin + contentWidth - 120, y + 7, { width: 114, align: 'right' });
  const bottom = y + 26;
  pdf
    .moveTo(page.margin, bottom)
    .lineTo(page.margin + contentWidth, bottom)
    .strokeColor(ink)
    .lineWidth(1)
    .stroke();
  return bottom;
}
