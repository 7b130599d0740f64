import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For the OpenAPI document only: the body of a route that reads it itself (a multipart form,
     * or a body that is JSON or a form), which Fastify does not validate from a schema. The route
     * still validates what it reads; this never does (plugins/docs.ts puts it in the document).
     */
    documentedBody?: z.ZodType;
  }
}

/** A file part of a multipart form, as OpenAPI writes one (a binary string). */
export const uploadPart = (description: string) =>
  z.string().meta({ format: 'binary', description });

/** Up to `max` file parts under one field name. */
export const uploadParts = (description: string, max: number) =>
  z.array(uploadPart(description)).max(max);
