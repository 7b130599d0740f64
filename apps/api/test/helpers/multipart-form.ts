import sharp from 'sharp';

export type FormFile = { name: string; filename: string; type: string; data: Buffer };

/** Encodes fields and files as a multipart/form-data body for app.inject. */
export async function multipartBody(
  fields: Record<string, string>,
  files: FormFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A real PNG of the given size. */
export function pngImage(width = 1200, height = 900): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
}
