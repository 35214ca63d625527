import { renderMarkdown } from "#server/content/markdown.ts";
import type { Env } from "#server/env.ts";
import { unsubscribeHeaders, unsubscribeUrl } from "#server/newsletter/newsletter.ts";

export type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL">;

export function absolutize(html: string, publicUrl: string) {
  return html.replace(
    /(src|href)="\/(?!\/)/g,
    (_match, attribute: string) => `${attribute}="${publicUrl}/`,
  );
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The campaign's body as HTML with absolute links: the same for every recipient. */
export function renderCampaignBody(campaign: { body: string }, publicUrl: string) {
  return absolutize(renderMarkdown(campaign.body, { isResponsive: false }), publicUrl);
}

/** The mail one person receives: HTML and text, with their own unsubscribe link and headers. */
export function renderCampaignMail(
  campaign: { subject: string; previewText: string; body: string },
  options: {
    publicUrl: string;
    unsubscribeToken?: string;
    isTest?: boolean;
    trackingToken?: string | null;
    /** The body already rendered by `renderCampaignBody` (a campaign renders it once). */
    renderedBody?: string;
  },
) {
  let content = options.renderedBody ?? renderCampaignBody(campaign, options.publicUrl);
  if (options.trackingToken) {
    const base = `${options.publicUrl}/newsletter/t/${options.trackingToken}`;
    content = content.replace(
      /href="(https?:\/\/[^"]+)"/g,
      (_match, url: string) =>
        `href="${base}/click?u=${encodeURIComponent(url.replace(/&amp;/g, "&"))}"`,
    );
    content += `<img src="${base}/open" width="1" height="1" alt="" style="display:block;border:0">`;
  }
  const leave = options.unsubscribeToken
    ? unsubscribeUrl(options.publicUrl, options.unsubscribeToken)
    : `${options.publicUrl}/`;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f8;font-family:Helvetica,Arial,sans-serif;color:#15161c">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(campaign.previewText)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px;font-size:16px;line-height:1.6">${content}</td></tr>
<tr><td style="padding:16px 32px 32px;font-size:12px;color:#6b6f80;border-top:1px solid #e6e8ef">
You receive this because you subscribed to the Digital Frontier newsletter.
<a href="${escapeHtml(leave)}" style="color:#2b59ff">Unsubscribe</a></td></tr>
</table></td></tr></table></body></html>`;
  const text = `${content
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g, "$2 ($1)")
    .replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>/g, "\n\n")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n\n--\nUnsubscribe: ${leave}\n`;
  return {
    subject: options.isTest ? `[Test] ${campaign.subject}` : campaign.subject,
    html,
    text,
    headers: options.unsubscribeToken
      ? unsubscribeHeaders(options.publicUrl, options.unsubscribeToken)
      : undefined,
  };
}
