import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validationError } from '../../plugins/errors.ts';
import { IMAGE_MAX_BYTES, removeProfilePhoto, storeProfilePhoto } from '../../lib/images.ts';
import {
  IMAGE_TYPES,
  readMultipart,
  type StoredFile,
  type UploadChecks,
} from '../../lib/uploads.ts';

/** The multipart pet form: its fields, and at most one photo under `photo` or `image`. */
export const readPetForm = (app: FastifyInstance, request: FastifyRequest, checks?: UploadChecks) =>
  readMultipart(
    request,
    app.storage,
    {
      maxFiles: 1,
      maxFileBytes: IMAGE_MAX_BYTES,
      allowedTypes: IMAGE_TYPES,
      fileFields: ['photo', 'image'],
    },
    checks,
  );

/** Drops empty values (SPEC §5) and validates the rest; a 400 names every bad field. */
export function parseFields<S extends z.ZodType>(
  schema: S,
  form: Record<string, string>,
): z.infer<S> {
  const present: Record<string, string> = Object.fromEntries(
    Object.entries(form).filter(([, v]) => !['', 'null', 'undefined'].includes(v.trim())),
  );
  // `type` is what many pet forms call the species: taken as it when no species is given.
  if (present.species === undefined && present.type !== undefined) present.species = present.type;
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error.issues);
}

/** Runs `work` with the re-encoded photo's stored name; the photo is removed if `work` fails. */
export async function withPhoto<T>(
  app: FastifyInstance,
  files: StoredFile[],
  work: (photo: string | null) => Promise<T>,
): Promise<T> {
  const upload = files[0];
  const photo = upload ? await storeProfilePhoto(app.storage, upload) : null;
  try {
    return await work(photo);
  } catch (err) {
    removeProfilePhoto(app.storage, photo);
    throw err;
  }
}
