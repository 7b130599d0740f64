/**
 * The writes the crash run fires over HTTP: bookings, bookings paid in credits, admin credit
 * grants, chat messages, check-ins with a photo, pets with a photo and profile photos. Each call
 * answers the Acked record of a 2xx, null for another status, and throws when the connection
 * dies (the server was killed): the outcome of that write is unknown, either way is fine.
 */
import type { Cast, Pair } from './population.ts';
import type { Acked } from './verify.ts';

export type Target = { base: string; secret: string; photo: Blob };

let seq = 0;
const tag = () => `crash-${process.pid}-${(seq += 1)}-${Math.random().toString(36).slice(2, 8)}`;

async function send(
  t: Target,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  body: object | FormData,
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const form = body instanceof FormData;
  const res = await fetch(`${t.base}${url}`, {
    method,
    headers: {
      'secret-key': t.secret,
      'x-auth-token': token,
      ...(form ? {} : { 'content-type': 'application/json' }),
    },
    body: form ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** The id in a 2xx answer's `data` (`data._id`, or `data.entry._id` for a grant). */
function idOf(json: Record<string, unknown> | null, key: '_id' | 'entry' = '_id'): string {
  const data = (json?.data ?? {}) as { _id?: unknown; entry?: { _id?: unknown } };
  const id = key === 'entry' ? data.entry?._id : data._id;
  if (typeof id !== 'string')
    throw new Error(`a 2xx answer without an id: ${JSON.stringify(json)}`);
  return id;
}

/** A 2-hour walk 8–308 days ahead: after the pairs' bookings in progress (7 days), so sitters are free. */
function walk(): { startDate: string; endDate: string } {
  const start = Date.now() + (8 + Math.floor(Math.random() * 300)) * 24 * 3600_000 + seq * 60_000;
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 3600_000).toISOString(),
  };
}

type Op = (t: Target, cast: Cast, pair: Pair) => Promise<{ status: number; acked: Acked | null }>;

const ops: [weight: number, op: Op][] = [
  [
    3,
    async (t, _cast, pair) => {
      const r = await send(t, pair.owner.token, 'POST', '/api/booking/', {
        service: 'Dog walking',
        pets: [pair.owner.petId],
        notes: tag(),
        ...walk(),
      });
      return {
        status: r.status,
        acked: r.status === 201 ? { kind: 'booking', id: idOf(r.json) } : null,
      };
    },
  ],
  [
    2,
    async (t, _cast, pair) => {
      const r = await send(t, pair.owner.token, 'POST', '/api/booking/', {
        service: 'Dog walking',
        pets: [pair.owner.petId],
        provider_id: pair.provider.id,
        creditsToApply: pair.walkCents,
        ...walk(),
      });
      return {
        status: r.status,
        acked:
          r.status === 201 ? { kind: 'spend', id: idOf(r.json), amount: pair.walkCents } : null,
      };
    },
  ],
  [
    2,
    async (t, cast, pair) => {
      const r = await send(t, cast.admin.token, 'POST', '/api/userCredit/user-credits', {
        userId: pair.owner.id,
        amount: 500,
        reason: tag(),
      });
      return {
        status: r.status,
        acked: r.status === 201 ? { kind: 'grant', id: idOf(r.json, 'entry') } : null,
      };
    },
  ],
  [
    3,
    async (t, _cast, pair) => {
      const who = Math.random() < 0.5 ? pair.owner : pair.provider;
      const r = await send(t, who.token, 'POST', '/api/messages/', {
        bookingId: pair.bookingId,
        text: tag(),
      });
      return {
        status: r.status,
        acked: r.status === 201 ? { kind: 'message', id: idOf(r.json) } : null,
      };
    },
  ],
  [
    1,
    async (t, _cast, pair) => {
      const note = tag();
      const form = new FormData();
      form.set('status', 'in-progress');
      form.set('note', note);
      form.set('image', t.photo, 'check-in.jpg');
      const r = await send(
        t,
        pair.provider.token,
        'PUT',
        `/api/booking/accept/${pair.bookingId}`,
        form,
      );
      return {
        status: r.status,
        acked: r.status === 200 ? { kind: 'check-in', bookingId: pair.bookingId, note } : null,
      };
    },
  ],
  [
    1,
    async (t, _cast, pair) => {
      const form = new FormData();
      form.set('userId', pair.owner.id);
      form.set('name', 'Crash');
      form.set('species', 'dog');
      form.set('photo', t.photo, 'pet.jpg');
      const r = await send(t, pair.owner.token, 'POST', '/api/pets', form);
      return {
        status: r.status,
        acked: r.status === 201 ? { kind: 'pet', id: idOf(r.json) } : null,
      };
    },
  ],
  [
    1,
    async (t, _cast, pair) => {
      const form = new FormData();
      form.set('image', t.photo, 'me.jpg');
      const r = await send(t, pair.provider.token, 'PUT', '/api/user/update-profile', form);
      return {
        status: r.status,
        acked: r.status === 200 ? { kind: 'profile-photo', userId: pair.provider.id } : null,
      };
    },
  ],
];
const totalWeight = ops.reduce((sum, [w]) => sum + w, 0);

function pickOp(): Op {
  let r = Math.random() * totalWeight;
  for (const [w, op] of ops) {
    if ((r -= w) < 0) return op;
  }
  return ops[0]![1];
}

export type RoundCounts = { acked: number; unanswered: number; refused: Record<string, number> };

/**
 * `workers` loops firing random writes until `stop()`; each 2xx lands in `log` with its id.
 * Resolves once every loop has ended (their last calls answered or failed).
 */
export function startWorkload(t: Target, cast: Cast, workers: number, log: Acked[]) {
  let running = true;
  const counts: RoundCounts = { acked: 0, unanswered: 0, refused: {} };
  const loop = async () => {
    while (running) {
      const pair = cast.pairs[Math.floor(Math.random() * cast.pairs.length)]!;
      try {
        const { status, acked } = await pickOp()(t, cast, pair);
        if (acked) {
          log.push(acked);
          counts.acked += 1;
        } else counts.refused[status] = (counts.refused[status] ?? 0) + 1;
      } catch (err) {
        // fetch fails with a TypeError when the connection dies; anything else is a finding.
        if (!(err instanceof TypeError)) {
          const key = `error: ${String(err).slice(0, 80)}`;
          counts.refused[key] = (counts.refused[key] ?? 0) + 1;
          continue;
        }
        counts.unanswered += 1;
        // The server is down: stop firing into a closed port until the round ends.
        while (running) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    counts,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return counts;
    },
  };
}
