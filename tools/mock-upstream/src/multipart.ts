// Just enough multipart/form-data parsing to see the fields and file sizes of an audio upload.
export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface MultipartSummary {
  fields: Record<string, string>;
  files: MultipartFile[];
}

const CRLF2 = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

export function parseMultipart(body: Buffer, boundary: string): MultipartSummary {
  const summary: MultipartSummary = { fields: {}, files: [] };
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    // "--" right after a delimiter closes the body.
    if (body[partStart] === 0x2d && body[partStart + 1] === 0x2d) break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    readPart(body.subarray(partStart + 2, next - 2), summary); // skip the CRLFs around the part
    start = next;
  }
  return summary;
}

function readPart(part: Buffer, summary: MultipartSummary): void {
  const split = part.indexOf(CRLF2);
  if (split === -1) return;
  const head = part.subarray(0, split).toString('utf8');
  const content = part.subarray(split + CRLF2.length);
  const name = /name="([^"]*)"/i.exec(head)?.[1];
  if (name === undefined) return;
  const filename = /filename="([^"]*)"/i.exec(head)?.[1];
  if (filename === undefined) {
    summary.fields[name] = content.toString('utf8');
    return;
  }
  const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
  summary.files.push({ field: name, filename, contentType: contentType.trim(), size: content.length });
}
