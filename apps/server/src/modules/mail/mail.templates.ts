// Branded HTML + text bodies for every e-mail the product sends.
import { DEFAULT_PDF_COLOR } from '@cma/cma/defaults';
import { brandPalette } from '@cma/report/palette';

/** An e-mail sent on an agent's behalf carries their colour, logo, headshot and signature instead of ours. */
export interface EmailBrand {
  /** #rrggbb */
  colour: string;
  agentName: string;
  businessName: string;
  phone: string;
  email: string;
  website: string;
  /** cid of the logo / headshot attachment, when there is one. */
  logoCid: string | null;
  headshotCid: string | null;
}

export interface EmailContent {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  brand?: EmailBrand;
}

const HEX = /^#[0-9a-f]{6}$/i;
/** Text on the agent's colour: the report's one palette decides, as in the PDF and on the live page. */
const textOn = (hex: string): string => brandPalette(hex).onBrand;

function brandedParts(brand: EmailBrand): { header: string; signature: string; footer: string; textSignature: string[] } {
  const colour = HEX.test(brand.colour) ? brand.colour : DEFAULT_PDF_COLOR;
  const on = textOn(colour);
  const linkColour = brandPalette(colour).brandText;
  const logo = brand.logoCid ? `<img src="cid:${escapeHtml(brand.logoCid)}" alt="${escapeHtml(brand.businessName || brand.agentName)}" height="44" style="display:block;height:44px;max-width:180px;background:#fff;border-radius:4px;padding:4px">` : '';
  const header = `<tr><td style="background:${colour};color:${on};padding:20px 28px;font-size:20px;font-weight:700">${logo || escapeHtml(brand.businessName || brand.agentName)}</td></tr>`;
  const phoneDigits = brand.phone.replace(/[^\d+]/g, '');
  const lines = [
    `<strong style="font-size:16px">${escapeHtml(brand.agentName)}</strong>`,
    brand.businessName ? escapeHtml(brand.businessName) : '',
    brand.phone ? `<a href="tel:${escapeHtml(phoneDigits)}" style="color:${linkColour}">${escapeHtml(brand.phone)}</a>` : '',
    brand.email ? `<a href="mailto:${escapeHtml(brand.email)}" style="color:${linkColour}">${escapeHtml(brand.email)}</a>` : '',
    brand.website ? escapeHtml(brand.website) : '',
  ].filter(Boolean);
  const headshot = brand.headshotCid ? `<td width="72" style="padding-right:16px;vertical-align:top"><img src="cid:${escapeHtml(brand.headshotCid)}" alt="${escapeHtml(brand.agentName)}" width="64" height="64" style="display:block;border-radius:32px;width:64px;height:64px"></td>` : '';
  const signature = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin-top:24px;border-top:2px solid ${colour};padding-top:16px"><tr>${headshot}<td style="line-height:1.5;font-size:14px">${lines.join('<br>')}</td></tr></table>`;
  const footer = `${escapeHtml(brand.agentName)} sent this with CMA Studio · We never sell your information.`;
  return { header, signature, footer, textSignature: ['—', brand.agentName, brand.businessName, brand.phone, brand.email, brand.website].filter(Boolean) };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const branded = content.brand ? brandedParts(content.brand) : null;
  const buttonColour = content.brand && HEX.test(content.brand.colour) ? content.brand.colour : DEFAULT_PDF_COLOR;
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:${buttonColour};color:${textOn(buttonColour)};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const footnote = content.footnote ? `<p style="color:#5b6470;font-size:13px">${escapeHtml(content.footnote)}</p>` : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f9;font-family:Helvetica,Arial,sans-serif;color:#1d2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
${branded?.header ?? '<tr><td style="background:#0070c0;color:#fff;padding:20px 28px;font-size:20px;font-weight:700">CMA Studio</td></tr>'}
<tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>${paragraphs}${action}${footnote}${branded?.signature ?? ''}</td></tr>
<tr><td style="padding:16px 28px;color:#5b6470;font-size:12px;border-top:1px solid #e3e7ed">${branded?.footer ?? 'CMA Studio · We never sell your information.'}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    ...(branded ? branded.textSignature : ['— CMA Studio']),
  ].join('\n');
  return { html, text };
}

/** The password-reset message (accounts module): subject plus branded content with the single-use link. */
export function passwordResetEmail(input: { name: string; link: string; validMinutes: number }): EmailContent & { subject: string } {
  return {
    subject: 'Reset your CMA Studio password',
    title: 'Reset your password',
    paragraphs: [
      `Hello ${input.name},`,
      'We received a request to reset the password of your CMA Studio account. Use the button below to choose a new one.',
      `The link works once and expires in ${input.validMinutes} minutes. Setting a new password signs you out on every device.`,
    ],
    action: { label: 'Choose a new password', url: input.link },
    footnote: 'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  };
}

/** Sent to the address the account had when its password or sign-in e-mail changed: how an owner learns of a takeover. */
export function signInDetailsChangedEmail(input: { name: string; change: 'password' | 'email'; newEmail?: string; resetUrl: string }): EmailContent & { subject: string } {
  const what = input.change === 'password' ? 'password' : 'sign-in e-mail';
  return {
    subject: `Your CMA Studio ${what} was changed`,
    title: `Your ${what} was changed`,
    paragraphs: [
      `Hello ${input.name},`,
      input.change === 'password'
        ? 'The password of your CMA Studio account was just changed, and your other devices were signed out.'
        : `The sign-in e-mail of your CMA Studio account was just changed to ${input.newEmail}. This address no longer signs in.`,
    ],
    action: input.change === 'password' ? { label: 'Reset the password', url: input.resetUrl } : undefined,
    footnote:
      input.change === 'password'
        ? 'If this was you, there is nothing to do. If it was not, reset the password now.'
        : 'If this was you, there is nothing to do. If it was not, reply to this e-mail or contact us at once.',
  };
}
