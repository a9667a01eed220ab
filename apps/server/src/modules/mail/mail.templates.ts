// Branded HTML + text bodies for every e-mail the product sends.
export interface EmailContent {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0070c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const footnote = content.footnote ? `<p style="color:#5b6470;font-size:13px">${escapeHtml(content.footnote)}</p>` : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f9;font-family:Helvetica,Arial,sans-serif;color:#1d2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0070c0;color:#fff;padding:20px 28px;font-size:20px;font-weight:700">CMA Studio</td></tr>
<tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>${paragraphs}${action}${footnote}</td></tr>
<tr><td style="padding:16px 28px;color:#5b6470;font-size:12px;border-top:1px solid #e3e7ed">CMA Studio · We never sell your information.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '— CMA Studio',
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
