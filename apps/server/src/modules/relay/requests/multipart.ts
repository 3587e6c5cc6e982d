import { randomBytes } from 'node:crypto';

interface TextPart {
  name: string;
  value: string;
}

interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

type Part = TextPart | FilePart;

const CRLF = Buffer.from('\r\n');

const isFile = (part: Part): part is FilePart => 'data' in part;

// RFC 7578 / the HTML form encoding: quotes and line breaks in names are percent-escaped.
const escapeName = (name: string): string =>
  name.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

/**
 * A multipart/form-data body read whole (audio uploads): parsed with the platform's own parser and sent
 * upstream re-encoded, because the relay must swap the model for the channel's mapped name.
 */
export class MultipartUpload {
  private constructor(private readonly parts: readonly Part[]) {}

  /** null when the bytes are not valid multipart for this content type. */
  static async parse(raw: Buffer, contentType: string): Promise<MultipartUpload | null> {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    } catch {
      return null;
    }
    const parts: Part[] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        parts.push({ name, value });
        continue;
      }
      const data = Buffer.from(await value.arrayBuffer());
      parts.push({ name, filename: value.name, contentType: value.type || 'application/octet-stream', data });
    }
    return new MultipartUpload(parts);
  }

  /** The text fields by name (the last one wins): what pricing, routing and the log read. */
  fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const part of this.parts) if (!isFile(part)) fields[part.name] = part.value;
    return fields;
  }

  hasFile(name: string): boolean {
    return this.parts.some((part) => isFile(part) && part.name === name);
  }

  /** The body to send upstream: `replace` overwrites text fields in place and adds missing ones at the end. */
  encode(replace: Readonly<Record<string, string>>): { contentType: string; body: Buffer } {
    const boundary = `----TollgateBoundary${randomBytes(12).toString('hex')}`;
    const chunks: Buffer[] = [];
    const add = (part: Part) => {
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"`;
      if (isFile(part))
        head += `; filename="${escapeName(part.filename)}"\r\nContent-Type: ${part.contentType}`;
      chunks.push(Buffer.from(`${head}\r\n\r\n`), isFile(part) ? part.data : Buffer.from(part.value), CRLF);
    };
    // A replaced field is written once, where it first appeared.
    const written = new Set<string>();
    for (const part of this.parts) {
      if (isFile(part) || !Object.hasOwn(replace, part.name)) add(part);
      else if (!written.has(part.name)) add({ name: part.name, value: replace[part.name] });
      written.add(part.name);
    }
    for (const [name, value] of Object.entries(replace)) if (!written.has(name)) add({ name, value });
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
  }
}

/** An upload route's body: the parsed upload, or the body as it came (then refused as not multipart). */
export async function uploadOf(body: unknown, contentType: string | undefined): Promise<unknown> {
  if (!Buffer.isBuffer(body) || contentType === undefined) return body;
  return (await MultipartUpload.parse(body, contentType)) ?? body;
}
