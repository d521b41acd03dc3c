/** Helpers for the admin API tests: multipart bodies and pictures made on the spot. */
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../app';

/** A small picture in the given format, drawn by sharp (no files in the repository). */
export async function picture(format: 'png' | 'jpeg' | 'webp' | 'avif' = 'png', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 150, g: 90, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

export type FormValue = string | { bytes: Buffer; filename: string; type?: string };

export function formData(fields: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  return form;
}

/** Sends a multipart body to /api/v1/<url>. */
export async function sendForm(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, FormValue>,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  // Encoded by the platform's Response, as a browser would, boundary included.
  const encoded = new Response(formData(fields));
  const body = Buffer.from(await encoded.arrayBuffer());
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
    payload: body,
  });
}
