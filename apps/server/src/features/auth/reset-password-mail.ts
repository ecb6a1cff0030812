import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function resetPasswordMail(to: string, url: string): Mail {
  return {
    to,
    subject: 'Reset your Threadbook password',
    text: `Someone asked to reset the password of your Threadbook account.\n\nTo choose a new password, open this link within an hour:\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your Threadbook account.</p><p><a href="${escapeHtml(url)}">Choose a new password</a> (the link works for an hour).</p><p>If it was not you, ignore this message: your password stays as it is.</p>`,
  };
}
