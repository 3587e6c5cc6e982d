import { type Locale } from '../../../common/i18n/locale';
import { type MailMessage } from '../../../infra/mail/mailer';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One mail in one language: a line before, the labelled value (code or link), a line after. */
interface MailParts {
  subject: string;
  intro: string;
  label: string;
  outro: string;
}

function compose(to: string, parts: MailParts, value: string, valueHtml: string): MailMessage {
  const { subject, intro, label, outro } = parts;
  return {
    to,
    subject,
    text: [intro, `${label}${value}`, outro].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(label)}${valueHtml}</p><p>${escapeHtml(outro)}</p>`,
  };
}

/** The code for registration or email binding (reference §8.3). */
export function verificationMail(
  to: string,
  locale: Locale,
  values: { systemName: string; code: string; minutes: number },
): MailMessage {
  const { systemName, code, minutes } = values;
  const parts: MailParts =
    locale === 'en'
      ? {
          subject: `${systemName} email verification`,
          intro: `You are verifying your email address for ${systemName}.`,
          label: 'Your verification code is: ',
          outro: `It is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.`,
        }
      : {
          subject: `${systemName} 邮箱验证邮件`,
          intro: `您好，您正在进行 ${systemName} 邮箱验证。`,
          label: '您的验证码为：',
          outro: `验证码 ${minutes} 分钟内有效，如果不是本人操作，请忽略。`,
        };
  return compose(to, parts, code, `<strong>${code}</strong>`);
}

/** The reset link; the console's /reset page reads email and token from it (spec 001 §2). */
export function resetMail(
  to: string,
  locale: Locale,
  values: { systemName: string; link: string; minutes: number },
): MailMessage {
  const { systemName, link, minutes } = values;
  const parts: MailParts =
    locale === 'en'
      ? {
          subject: `${systemName} password reset`,
          intro: `You asked to reset your ${systemName} password.`,
          label: 'Open this link to get a new password: ',
          outro: `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this mail.`,
        }
      : {
          subject: `${systemName} 密码重置`,
          intro: `您好，您正在进行 ${systemName} 密码重置。`,
          label: '请打开以下链接获取新密码：',
          outro: `链接仅可使用一次，${minutes} 分钟内有效，如果不是本人操作，请忽略。`,
        };
  const href = escapeHtml(link);
  return compose(to, parts, link, `<a href="${href}">${href}</a>`);
}
