import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { MAX_PETS_PER_OWNER } from '../../src/modules/pets/pets.service.ts';
import { MAX_PETS_LISTED } from '../../src/modules/pets/pets.repository.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { closeApp, multipart } from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/**
 * An owner's pets are listed without paging, up to MAX_PETS_LISTED: creation stops at
 * MAX_PETS_PER_OWNER (≤ that) with a 409 naming the limit, so the list always shows every pet.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => closeApp(t));

const LIMIT_MESSAGE = `You can have at most ${MAX_PETS_PER_OWNER} pets on your profile`;

async function givePets(owner: TestUser, count: number) {
  const now = nowIso();
  await t.app.db
    .insertInto('pets')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: newId(),
        user_id: owner.id,
        name: `Pet ${i}`,
        species: 'dog',
        sex: 'unknown',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

const addPet = (owner: TestUser, name: string) =>
  t.call({
    method: 'POST',
    url: '/api/pets',
    token: owner.token,
    ...multipart({ userId: owner.id, name }),
  });

describe('pets per owner', () => {
  it('the cap is 50 and within what the owner list shows', () => {
    expect(MAX_PETS_PER_OWNER).toBe(50);
    expect(MAX_PETS_PER_OWNER).toBeLessThanOrEqual(MAX_PETS_LISTED);
  });

  it('the last pet under the cap is added; the next is 409 naming the limit; the list shows all', async () => {
    const owner = await createUser(t.app);
    await givePets(owner, MAX_PETS_PER_OWNER - 1);
    expect((await addPet(owner, 'Last')).statusCode).toBe(201);
    const refused = await addPet(owner, 'One too many');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LIMIT_MESSAGE);
    const list = await t.call({
      method: 'GET',
      url: `/api/pets/user/${owner.id}`,
      token: owner.token,
    });
    expect(list.json().result).toHaveLength(MAX_PETS_PER_OWNER);
    expect(list.json().result.map((p: { name: string }) => p.name)).toContain('Last');
  });

  it('two additions at once with one place left: one is added, the other refused', async () => {
    const owner = await createUser(t.app);
    await givePets(owner, MAX_PETS_PER_OWNER - 1);
    const answers = await Promise.all([addPet(owner, 'A'), addPet(owner, 'B')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const count = await t.app.db
      .selectFrom('pets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_PETS_PER_OWNER);
  });
});
