/**
 * The soak run's traffic: a weighted mix of reads and writes as the app's screens send them, fired
 * either closed-loop (as fast as the server answers: the capacity probe) or open-loop at a fixed
 * arrival rate; and live notification streams (ticket, SSE connection held a while, closed), a
 * fixed number at once. Every answer other than the expected status counts as an error.
 */
import http from 'node:http';
import type { Cast, Pair } from '../crash/population.ts';
import { addDays } from '../../apps/api/src/modules/availability/index.ts';

export type Answer = { status: number; body: string };

/** HTTP/1.1 keep-alive client for one server; `sockets` connections at most. */
export class Client {
  readonly agent: http.Agent;
  constructor(
    readonly port: number,
    readonly secret: string,
    sockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  request(method: string, path: string, token: string | null, body?: object): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            'secret-key': this.secret,
            ...(token ? { 'x-auth-token': token } : {}),
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout after 10 s')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** What one operation did: its name, the status it got and the one it expected. */
export type Outcome = { op: string; status: number; expected: number; body: string };
type Op = { name: string; weight: number; run: (c: Client, pair: Pair) => Promise<Outcome> };

const DAY_MS = 86_400_000;
/** Messages one person sends a minute at most (the API allows 60: MESSAGE_RATE_LIMIT). */
const CHAT_PER_MINUTE = 50;
/** Booking slots per pair: 2-hour walks every 3 hours from 8 days ahead (after the pair's booking
 * in progress), so a sitter's calendar is always free for the next one. */
const SLOT_START = 8 * DAY_MS;
const SLOT_GAP = 3 * 3_600_000;

/** Per-pair state the writes keep: the next free slot and the requests waiting for the sitter. */
type PairState = { nextSlot: number; pending: string[] };

export class Mix {
  private readonly state = new Map<Pair, PairState>();
  private readonly ops: Op[];
  private readonly totalWeight: number;
  private readonly today = new Date().toISOString().slice(0, 10);
  private sent = 0;
  /** Send times of each user's messages in the last minute, to keep under the server's limit. */
  private readonly chatLog = new Map<string, number[]>();

  constructor(private readonly cast: Cast) {
    for (const pair of cast.pairs) this.state.set(pair, { nextSlot: 0, pending: [] });
    const get =
      (name: string, path: (pair: Pair) => string, who: 'owner' | 'provider' | 'either') =>
      async (c: Client, pair: Pair): Promise<Outcome> => {
        const party =
          who === 'either' ? (Math.random() < 0.5 ? pair.owner : pair.provider) : pair[who];
        const r = await c.request('GET', path(pair), party.token);
        return { op: name, status: r.status, expected: 200, body: r.body };
      };
    const walk = addDays(this.today, 7);
    const stay = addDays(this.today, 14);
    this.ops = [
      {
        name: 'profile',
        weight: 10,
        run: get('profile', () => '/api/user/user-profile', 'either'),
      },
      {
        name: 'nearby',
        weight: 8,
        run: get('nearby', () => '/api/user/nearby?page=1&limit=15', 'owner'),
      },
      {
        name: 'nearby by service + dates',
        weight: 6,
        run: get(
          'nearby by service + dates',
          () =>
            Math.random() < 0.5
              ? `/api/user/nearby?page=1&limit=15&service=dog-walking&startDate=${walk}T15:00:00Z&endDate=${walk}T16:00:00Z`
              : `/api/user/nearby?page=1&limit=15&service=boarding&petType=dog&startDate=${stay}&endDate=${addDays(stay, 3)}`,
          'owner',
        ),
      },
      {
        name: 'owner bookings',
        weight: 5,
        run: get('owner bookings', () => '/api/booking/user?page=1&limit=20', 'owner'),
      },
      {
        name: 'sitter bookings',
        weight: 4,
        run: get(
          'sitter bookings',
          () => '/api/booking/provider/in-progress?status=accepted&page=1&limit=20',
          'provider',
        ),
      },
      {
        name: 'sitter requests',
        weight: 2,
        run: get('sitter requests', () => '/api/booking/requests/mine?page=1', 'provider'),
      },
      {
        name: 'booking detail',
        weight: 5,
        run: get(
          'booking detail',
          (pair) => `/api/booking/${this.state.get(pair)!.pending[0] ?? pair.bookingId}`,
          'either',
        ),
      },
      {
        name: 'notifications',
        weight: 8,
        run: get('notifications', () => '/api/notifications/all', 'either'),
      },
      {
        name: 'conversations',
        weight: 5,
        run: get('conversations', () => '/api/messages/conversations?page=1', 'either'),
      },
      {
        name: 'thread',
        weight: 5,
        run: get(
          'thread',
          (pair) => `/api/messages/thread?bookingId=${pair.bookingId}&page=1`,
          'either',
        ),
      },
      { name: 'create booking', weight: 5, run: (c, pair) => this.createBooking(c, pair) },
      { name: 'accept / decline', weight: 4, run: (c, pair) => this.decide(c, pair) },
      {
        name: 'chat message',
        weight: 6,
        run: (c, pair) => this.chat(c, pair),
      },
      {
        name: 'mark all read',
        weight: 3,
        run: async (c, pair) => {
          const who = Math.random() < 0.5 ? pair.owner : pair.provider;
          const r = await c.request('POST', '/api/notifications/mark-all-read', who.token, {});
          return { op: 'mark all read', status: r.status, expected: 200, body: r.body };
        },
      },
    ];
    this.totalWeight = this.ops.reduce((s, o) => s + o.weight, 0);
  }

  get names(): string[] {
    return this.ops.map((o) => o.name);
  }

  private async createBooking(c: Client, pair: Pair): Promise<Outcome> {
    const state = this.state.get(pair)!;
    const start = Date.now() + SLOT_START + state.nextSlot * SLOT_GAP;
    state.nextSlot += 1;
    const r = await c.request('POST', '/api/booking/', pair.owner.token, {
      service: 'Dog walking',
      pets: [pair.owner.petId],
      provider_id: pair.provider.id,
      creditsToApply: pair.walkCents,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 3_600_000).toISOString(),
    });
    if (r.status === 201)
      state.pending.push((JSON.parse(r.body) as { data: { _id: string } }).data._id);
    return { op: 'create booking', status: r.status, expected: 201, body: r.body };
  }

  /** The sitter accepts (2 in 3) or declines the pair's oldest waiting request; with none
   * waiting, the owner sends one instead. */
  private async decide(c: Client, pair: Pair): Promise<Outcome> {
    const id = this.state.get(pair)!.pending.shift();
    if (!id) return this.createBooking(c, pair);
    const r = await c.request('PUT', `/api/booking/accept/${id}`, pair.provider.token, {
      providerId: pair.provider.id,
      decision: Math.random() < 2 / 3 ? 'accepted' : 'rejected',
    });
    return { op: 'accept / decline', status: r.status, expected: 200, body: r.body };
  }

  /**
   * A message from the owner or the sitter of a pair in progress. A person sends at most
   * CHAT_PER_MINUTE a minute (the API's limit is MESSAGE_RATE_LIMIT, 60): the message goes to
   * another pair when both of this one are at it, or becomes a thread read when everyone is.
   */
  private async chat(c: Client, first: Pair): Promise<Outcome> {
    const now = Date.now();
    const pairs = this.cast.pairs;
    const from = pairs.indexOf(first);
    for (let k = 0; k < pairs.length; k += 1) {
      const pair = pairs[(from + k) % pairs.length]!;
      const parties =
        Math.random() < 0.5 ? [pair.owner, pair.provider] : [pair.provider, pair.owner];
      for (const who of parties) {
        const log = (this.chatLog.get(who.id) ?? []).filter((t) => t > now - 61_000);
        this.chatLog.set(who.id, log);
        if (log.length >= CHAT_PER_MINUTE) continue;
        log.push(now);
        const r = await c.request('POST', '/api/messages/', who.token, {
          bookingId: pair.bookingId,
          text: `soak message ${(this.sent += 1)}`,
        });
        return { op: 'chat message', status: r.status, expected: 201, body: r.body };
      }
    }
    const r = await c.request(
      'GET',
      `/api/messages/thread?bookingId=${first.bookingId}&page=1`,
      first.owner.token,
    );
    return { op: 'thread', status: r.status, expected: 200, body: r.body };
  }

  /** One random operation for a random pair. */
  next(c: Client): Promise<Outcome> {
    const pair = this.cast.pairs[Math.floor(Math.random() * this.cast.pairs.length)]!;
    let r = Math.random() * this.totalWeight;
    for (const op of this.ops) if ((r -= op.weight) < 0) return op.run(c, pair);
    return this.ops[0]!.run(c, pair);
  }
}

/** One finished call: when it was due (ms since the phase began), how long it took, its outcome. */
export type Sample = { at: number; ms: number; op: string; ok: boolean; detail: string };

function record(out: Sample[], due: number, t0: number, outcome: Outcome | Error): Sample {
  const ms = performance.now() - due;
  const sample =
    outcome instanceof Error
      ? { at: due - t0, ms, op: 'network', ok: false, detail: outcome.message }
      : {
          at: due - t0,
          ms,
          op: outcome.op,
          ok: outcome.status === outcome.expected,
          detail:
            outcome.status === outcome.expected
              ? ''
              : `${outcome.status} ${outcome.body.slice(0, 200)}`,
        };
  out.push(sample);
  return sample;
}

/** As fast as `workers` concurrent callers go, for `seconds`: completed calls per second. */
export async function closedLoop(
  c: Client,
  mix: Mix,
  workers: number,
  seconds: number,
  out: Sample[],
): Promise<number> {
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const due = performance.now();
      const outcome = await mix.next(c).catch((err: unknown) => err as Error);
      record(out, due, t0, outcome);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return done / ((performance.now() - t0) / 1000);
}

/**
 * Open-loop load: call i is due at t0 + i/rate whatever the answers do, and its latency runs from
 * that moment (a stall is charged to every call queued behind it: no coordinated omission).
 * `inFlight` is the number of calls sent and not yet answered, for the samples.
 */
export function openLoop(c: Client, mix: Mix, rate: number, seconds: number, out: Sample[]) {
  const state = { inFlight: 0 };
  const done = (async () => {
    const t0 = performance.now();
    const total = Math.round(rate * seconds);
    const gap = 1000 / rate;
    // The calls still out are counted, not kept: a run sends hundreds of thousands, and a heap that
    // grows with them would lengthen this process's own collections, charged to the calls.
    let allSent = false;
    let allAnswered = () => {};
    const answered = new Promise<void>((r) => (allAnswered = r));
    for (let i = 0; i < total; i += 1) {
      const due = t0 + i * gap;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      else if (i % 64 === 0) await new Promise((r) => setImmediate(r));
      state.inFlight += 1;
      void mix
        .next(c)
        .catch((err: unknown) => err as Error)
        .then((outcome) => {
          state.inFlight -= 1;
          record(out, due, t0, outcome);
          if (allSent && state.inFlight === 0) allAnswered();
        });
    }
    allSent = true;
    if (state.inFlight === 0) allAnswered();
    await answered;
  })();
  return { state, done };
}

export type StreamStats = {
  opened: number;
  events: number;
  errors: string[];
  /** Streams open right now (connected and not yet closed by us). */
  open: number;
  /** Latency (ms) of ticket + connection until the first frame, per stream. */
  openMs: number[];
};

/**
 * `concurrent` stream slots: each asks a ticket for a user of the cast (round robin), opens
 * `GET /api/notifications/stream` on its own connection, reads frames for `holdMs` (random in the
 * range), closes it and starts over until stopped. A stream the server ends early is an error.
 */
export function streams(
  c: Client,
  cast: Cast,
  concurrent: number,
  holdMs: readonly [number, number],
) {
  const users = cast.pairs.flatMap((p) => [p.owner, p.provider]);
  const stats: StreamStats = { opened: 0, events: 0, errors: [], open: 0, openMs: [] };
  let running = true;
  let turn = 0;
  const sockets = new Set<http.ClientRequest>();
  const fail = (msg: string) => {
    if (stats.errors.length < 1000) stats.errors.push(msg);
  };

  const once = async (token: string) => {
    const t0 = performance.now();
    const ticket = await c.request('POST', '/api/notifications/stream-ticket', token, {});
    if (ticket.status !== 200)
      return fail(`stream-ticket ${ticket.status} ${ticket.body.slice(0, 200)}`);
    const value = (JSON.parse(ticket.body) as { data: { ticket: string } }).data.ticket;
    const hold = holdMs[0] + Math.random() * (holdMs[1] - holdMs[0]);
    await new Promise<void>((resolve) => {
      let closedByUs = false;
      let connected = false;
      let timer: NodeJS.Timeout | undefined;
      const req = http.get(
        {
          host: '127.0.0.1',
          port: c.port,
          path: `/api/notifications/stream?ticket=${encodeURIComponent(value)}`,
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) {
            fail(`stream ${res.statusCode}`);
            res.resume();
            return;
          }
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (!connected && chunk.includes(': connected')) {
              connected = true;
              stats.opened += 1;
              stats.open += 1;
              stats.openMs.push(performance.now() - t0);
              timer = setTimeout(() => {
                closedByUs = true;
                req.destroy();
              }, hold);
            }
            stats.events += (chunk.match(/^event: /gm) ?? []).length;
          });
        },
      );
      sockets.add(req);
      req.on('close', () => {
        clearTimeout(timer);
        sockets.delete(req);
        if (connected) stats.open -= 1;
        if (!closedByUs && running)
          fail(connected ? 'stream ended by the server' : 'stream never connected');
        resolve();
      });
      req.on('error', () => {
        // 'close' follows: counted there
      });
    });
  };

  const slot = async () => {
    while (running) {
      const user = users[turn++ % users.length]!;
      try {
        await once(user.token);
      } catch (err) {
        if (running) fail(`stream-ticket: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, Math.random() * 500));
    }
  };
  const slots = Array.from({ length: concurrent }, slot);
  return {
    stats,
    stop: async () => {
      running = false;
      for (const req of sockets) req.destroy();
      await Promise.all(slots);
    },
  };
}
