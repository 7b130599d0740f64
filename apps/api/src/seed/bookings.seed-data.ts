/** The demo marketplace's bookings (every state, with requests, check-ins and reviews) and credit grants. */
import type { BookingsTable } from '../db/schema.ts';
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export type Step = { type: string; offset: number; by: 'owner' | 'provider'; note?: string };
export type DemoBooking = {
  owner: string;
  provider?: string;
  service: string;
  start: number;
  hours: number;
  status: BookingsTable['status'];
  notes: string;
  credits?: number;
  steps: Step[];
  requests?: { provider: string; by: 'owner' | 'provider'; state: 'pending' | 'accepted' }[];
  reviews?: { by: 'owner' | 'provider'; rating: number; comment: string }[];
};

/** Bookings in every state between the demo owners and sitters of the same city. */
export const BOOKINGS: DemoBooking[] = [
  {
    owner: 'olivia',
    provider: 'sam',
    service: 'Boarding',
    start: -24 * DAY,
    hours: 72,
    status: 'completed',
    notes: 'Biscuit needs two long walks a day; Mochi stays home with a neighbour.',
    steps: [
      { type: 'created', offset: -30 * DAY, by: 'owner' },
      { type: 'accepted', offset: -29 * DAY, by: 'provider' },
      {
        type: 'started',
        offset: -24 * DAY,
        by: 'provider',
        note: 'Biscuit settled in and already found the ball basket.',
      },
      {
        type: 'check-in',
        offset: -23 * DAY,
        by: 'provider',
        note: 'Morning walk by the lake, ate all of his salmon kibble.',
      },
      { type: 'completed', offset: -21 * DAY, by: 'provider', note: 'Back home, tired and happy.' },
    ],
    requests: [{ provider: 'sam', by: 'owner', state: 'accepted' }],
    reviews: [
      { by: 'owner', rating: 5, comment: 'Sam sent photos every day and Biscuit came home happy.' },
      { by: 'provider', rating: 5, comment: 'Clear instructions and a lovely, easy dog.' },
    ],
  },
  {
    owner: 'marcus',
    provider: 'leo',
    service: 'Dog walking',
    start: -20 * DAY,
    hours: 1,
    status: 'completed',
    notes: 'Juno pulls at first; the harness is by the door.',
    steps: [
      { type: 'created', offset: -22 * DAY, by: 'owner' },
      { type: 'accepted', offset: -21 * DAY, by: 'owner' },
      { type: 'started', offset: -20 * DAY, by: 'provider' },
      {
        type: 'completed',
        offset: -20 * DAY + HOUR,
        by: 'provider',
        note: 'A good hour in Washington Park.',
      },
    ],
    requests: [{ provider: 'leo', by: 'provider', state: 'accepted' }],
    reviews: [{ by: 'owner', rating: 4, comment: 'Reliable and on time. Juno likes him.' }],
  },
  {
    owner: 'priya',
    provider: 'jade',
    service: 'Pet sitting',
    start: -1 * DAY,
    hours: 72,
    status: 'in-progress',
    notes: 'Please water the plants too if you have a minute.',
    steps: [
      { type: 'created', offset: -6 * DAY, by: 'owner' },
      { type: 'accepted', offset: -5 * DAY, by: 'provider' },
      { type: 'started', offset: -1 * DAY, by: 'provider', note: 'Keys picked up, everyone fed.' },
      {
        type: 'check-in',
        offset: -2 * HOUR,
        by: 'provider',
        note: 'Evening check-in: all calm, plants watered.',
      },
    ],
    requests: [{ provider: 'jade', by: 'owner', state: 'accepted' }],
  },
  {
    owner: 'marcus',
    provider: 'hannah',
    service: 'Drop-in visits',
    start: 6 * DAY,
    hours: 1,
    status: 'accepted',
    notes: 'One visit to feed and play, the food is in the top cupboard.',
    credits: 1000,
    steps: [
      { type: 'created', offset: -2 * DAY, by: 'owner' },
      { type: 'accepted', offset: -1 * DAY, by: 'provider' },
    ],
    requests: [{ provider: 'hannah', by: 'owner', state: 'accepted' }],
  },
  {
    owner: 'marcus',
    provider: 'leo',
    service: 'Boarding',
    start: 10 * DAY,
    hours: 48,
    status: 'pending',
    notes: 'Weekend away; Juno can share with calm dogs.',
    steps: [{ type: 'created', offset: -3 * HOUR, by: 'owner' }],
    requests: [{ provider: 'leo', by: 'owner', state: 'pending' }],
  },
  {
    owner: 'priya',
    service: 'Dog walking',
    start: 4 * DAY,
    hours: 1,
    status: 'pending',
    notes: 'Looking for a midday walk while I am at a conference.',
    steps: [{ type: 'created', offset: -1 * DAY, by: 'owner' }],
    requests: [{ provider: 'omar', by: 'provider', state: 'pending' }],
  },
  {
    owner: 'olivia',
    service: 'Dog walking',
    start: 5 * DAY,
    hours: 2,
    status: 'pending',
    notes: 'Two-hour hike for Biscuit, he has plenty of energy.',
    steps: [{ type: 'created', offset: -5 * HOUR, by: 'owner' }],
    requests: [{ provider: 'sam', by: 'provider', state: 'pending' }],
  },
  {
    owner: 'olivia',
    provider: 'maya',
    service: 'Pet sitting',
    start: 12 * DAY,
    hours: 48,
    status: 'cancelled',
    notes: 'Trip to see family.',
    steps: [
      { type: 'created', offset: -4 * DAY, by: 'owner' },
      { type: 'accepted', offset: -3 * DAY, by: 'provider' },
      { type: 'cancelled', offset: -1 * DAY, by: 'owner', note: 'Trip postponed, sorry!' },
    ],
    requests: [{ provider: 'maya', by: 'owner', state: 'accepted' }],
  },
];

export const GRANTS: [string, number, string][] = [
  ['olivia', 5000, 'Welcome credits'],
  ['marcus', 2500, 'Welcome credits'],
  ['priya', 1500, 'Referral bonus'],
];
