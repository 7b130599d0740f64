import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '@pawsy/api-client';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';

type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  summary: string;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description: string }[];
  servers: { url: string }[];
  security: Record<string, string[]>[];
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe('OpenAPI document', () => {
  it('gives every operation a unique operationId from method and path, and a summary', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/booking/{id}']?.get?.operationId).toBe('getBookingById');
    expect(doc.paths['/api/booking/accept/{id}']?.put?.operationId).toBe('putBookingAcceptById');
    for (const { op } of operations()) expect(op.summary).toMatch(/\S/);
  });

  it('documents the shared error answers of every operation', () => {
    for (const { path, op } of operations()) {
      expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(['429', 'default']));
    }
    const profile = doc.paths['/api/user/user-profile']?.get;
    expect(Object.keys(profile?.responses ?? {})).toContain('401');
    const member = doc.paths['/api/admin/members/{id}']?.get;
    expect(Object.keys(member?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '401', '403', '404']),
    );
  });

  it('documents the bodies of the routes that read their own (forms, JSON or a form)', () => {
    type Schema = { properties?: Record<string, { format?: string }>; anyOf?: Schema[] };
    const body = (path: string, method: string, type: string) => {
      const op = doc.paths[path]?.[method];
      expect(op?.requestBody?.content, `${method} ${path}`).toHaveProperty([type]);
      return op!.requestBody!.content[type]!.schema as Schema;
    };
    const fields = (schema: Schema): string[] =>
      schema.anyOf ? schema.anyOf.flatMap(fields) : Object.keys(schema.properties ?? {});
    // SPEC §7's status move (id, provider_id, status) and the decision (providerId, decision).
    for (const type of ['application/json', 'multipart/form-data'])
      expect(fields(body('/api/booking/accept/{id}', 'put', type))).toEqual(
        expect.arrayContaining(['providerId', 'decision', 'id', 'provider_id', 'status', 'note']),
      );
    const forms: [string, string, string[]][] = [
      ['/api/pets', 'post', ['userId', 'name', 'photo']],
      ['/api/pets/{petId}', 'put', ['name', 'photo']],
      ['/api/user/update-profile', 'put', ['firstName', 'service_rates', 'image']],
      ['/api/kyc', 'post', ['userId', 'documents', 'kycId']],
      ['/api/dispute/', 'post', ['bookingId', 'reason', 'description', 'evidence']],
    ];
    for (const [path, method, names] of forms)
      expect(fields(body(path, method, 'multipart/form-data')), path).toEqual(
        expect.arrayContaining(names),
      );
    const pet = body('/api/pets', 'post', 'multipart/form-data');
    expect(pet.properties?.photo?.format).toBe('binary');
    // Its own refusal (another member's profile) is documented too.
    expect(doc.paths['/api/pets']?.post?.responses).toHaveProperty('403');
  });

  it('says which calls need a session and which take no secret key', () => {
    expect(doc.security).toEqual([{ secretKey: [] }]);
    expect(doc.paths['/api/user/user-profile']?.get?.security).toEqual([
      { secretKey: [], authToken: [] },
    ]);
    expect(doc.paths['/api/auth/login']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/notifications/stream']?.get?.security).toEqual([]);
  });

  it("keeps SPEC §7's trailing slashes and drops the others", () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/booking/', '/api/messages/', '/api/dispute/', '/api/pets']),
    );
    expect(Object.keys(doc.paths)).not.toContain('/api/pets/');
  });

  it('declares every tag it uses, with a description, and a relative server', () => {
    const used = new Set(operations().flatMap(({ op }) => (op as { tags?: string[] }).tags ?? []));
    expect(doc.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description).toMatch(/\S/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });
});

describe('the typed client generated from it', () => {
  const client = (token?: string) =>
    createClient({
      secretKey: SECRET_KEY,
      token,
      fetch: async (input, init) => {
        const res = await t.app.inject({
          method: (init?.method ?? 'GET') as 'GET',
          url: String(input),
          headers: init?.headers as Record<string, string>,
          payload: init?.body as string | undefined,
        });
        return new Response(res.body, {
          status: res.statusCode,
          headers: res.headers as Record<string, string>,
        });
      },
    });

  it('logs in and reads with path parameters and a query', async () => {
    const user = await createUser(t.app);
    const login = await client().post('/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.token).toMatch(/\S/);
    const api = client(login.token);
    const profile = await api.get('/api/user/user-profile');
    expect(profile.data.email).toBe(user.email);
    const publicUser = await api.get('/api/user/{id}', { path: { id: profile.data._id } });
    expect(publicUser.data._id).toBe(profile.data._id);
    const nearby = await api.get('/api/user/nearby', { query: { page: 1, limit: 5 } });
    expect(nearby.success).toBe(true);
  });

  it('throws the error body of a 4xx answer', async () => {
    const failure = await client()
      .get('/api/user/user-profile')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).message).toMatch(/token/i);
  });
});
