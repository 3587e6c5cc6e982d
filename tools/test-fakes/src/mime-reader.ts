/** Just enough MIME to read what nodemailer sends: headers, encoded words, multipart, base64 and QP bodies. */

export interface ReadMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

const decodeQuotedPrintable = (body: string): Buffer => {
  const softBreaksRemoved = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i += 1) {
    const char = softBreaksRemoved[i];
    if (char === '=' && /^[0-9A-F]{2}$/i.test(softBreaksRemoved.slice(i + 1, i + 3))) {
      bytes.push(parseInt(softBreaksRemoved.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
};

/** RFC 2047 words such as =?UTF-8?B?…?= and =?UTF-8?Q?…?= in a header. */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

export function readMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const mail: ReadMail = { headers, subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '' };
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const inner = readMail(part.replace(/^\r?\n/, ''));
      mail.text ||= inner.text;
      mail.html ||= inner.html;
    }
  } else if (type.toLowerCase().startsWith('text/html')) {
    mail.html = decodeBody(headers, body);
  } else {
    mail.text = decodeBody(headers, body);
  }
  return mail;
}
