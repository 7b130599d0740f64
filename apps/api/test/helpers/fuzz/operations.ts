/** The fuzzer's view of the OpenAPI document: its schemas, operations and the roles it plays. */
import type { FastifyInstance } from 'fastify';

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};
type Param = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
export type Operation = {
  method: string;
  /** The documented path, `/api/booking/{id}`. */
  path: string;
  params: Param[];
  body?: Schema;
  /** Takes multipart/form-data (file uploads), alone or beside JSON. */
  multipart: boolean;
};

export const ROLES = [
  'anonymous',
  'owner',
  'provider',
  'another owner',
  'another provider',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** Routes that read multipart/form-data in their handler (the document has no body schema). */
const MULTIPART = new Set([
  'PUT /api/user/update-profile',
  'POST /api/pets',
  'PUT /api/pets/{petId}',
  'POST /api/kyc',
  'POST /api/dispute/',
  'PUT /api/booking/accept/{id}',
]);

/** Every operation of the document. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> } }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: content['application/json']?.schema,
        multipart:
          MULTIPART.has(`${method.toUpperCase()} ${path}`) || 'multipart/form-data' in content,
      });
    }
  }
  return ops;
}
