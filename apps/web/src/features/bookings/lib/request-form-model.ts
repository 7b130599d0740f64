import { normalizeService, serviceUnit, SERVICES } from '@pawsy/contract';
import dayjs from 'dayjs';
import { z } from 'zod';
import { paths } from '../../../config/paths';
import type { BookingDraft } from '../booking-slice';

export type RequestMode = 'direct' | 'invite' | 'open';

export type RequestFormValues = {
  service: string;
  pets: string[];
  /** DateTimePicker values: local "YYYY-MM-DD HH:mm:ss". */
  start: string | null;
  end: string | null;
  notes: string;
  mode: RequestMode;
  providerId: string | null;
  inviteProviderIds: string[];
};

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a sitter search passes on (?service=&startDate=&endDate=, days): the form's prefill. */
export type SearchPrefill = { service: string; startDate: string; endDate: string };

/** Reads a search's service and dates from the address; what the form cannot use is dropped. */
export function searchPrefill(params: URLSearchParams): SearchPrefill | null {
  const service = normalizeService(params.get('service')?.trim() ?? '');
  const [startDate, endDate] = [params.get('startDate') ?? '', params.get('endDate') ?? ''];
  const hasRange = DAY.test(startDate) && DAY.test(endDate) && startDate <= endDate;
  const prefill = {
    service: SERVICES.some((s) => s.value === service) ? service : '',
    startDate: hasRange ? startDate : '',
    endDate: hasRange ? endDate : '',
  };
  return prefill.service || prefill.startDate ? prefill : null;
}

type Window = Pick<RequestFormValues, 'start' | 'end'>;

/**
 * The times a new request starts with: 09:00 on the first day (tomorrow, or the search's first
 * day). An hourly service (walks, drop-in visits…: priced per started hour) lasts one hour, so a
 * walk left on the defaults is not an 8-hour walk; an overnight one ends at 09:00 on the last day
 * (the search's, at least the day after the first), so its nights are the calendar nights; no
 * service yet runs to 17:00 on the last day.
 */
export function defaultWindow(service: string, search: SearchPrefill | null = null): Window {
  const tomorrow = dayjs().add(1, 'day').startOf('day');
  const first = (search?.startDate ? dayjs(search.startDate) : tomorrow).hour(9);
  const last = search?.endDate ? dayjs(search.endDate) : tomorrow;
  let end = last.hour(17);
  if (service && serviceUnit(service) === 'hour') end = first.add(1, 'hour');
  else if (service) {
    // A stay ends at the hour it began, on the last day (at least the next): a search of 10–12
    // Dec is two nights, as the price counts them, not three.
    const nextDay = first.add(1, 'day');
    end = last.hour(9).isAfter(nextDay) ? last.hour(9) : nextDay;
  }
  return { start: first.format(PICKER_FORMAT), end: end.format(PICKER_FORMAT) };
}

/**
 * The end after the start moved from `start` to `nextStart`: it moves with it, keeping the
 * booking's length (as calendar apps do), so an earlier start does not stretch a one-hour walk
 * over a day. Without a valid earlier window, the end stays as it was.
 */
export function endFollowingStart(
  start: string | null,
  end: string | null,
  nextStart: string | null,
): string | null {
  if (!start || !end || !nextStart) return end;
  const length = dayjs(end).diff(dayjs(start));
  if (!(length > 0) || !dayjs(nextStart).isValid()) return end;
  return dayjs(nextStart).add(length, 'ms').format(PICKER_FORMAT);
}

/**
 * The draft to restore on the form at `address` (its query string): one for the same sitter,
 * typed at this very address (the browser's Back from checkout) or, when the address carries no
 * search, at any (checkout's own Back link). A new search's address starts afresh.
 */
export function draftForAddress(
  draft: BookingDraft | null,
  providerId: string | null,
  address: URLSearchParams,
): BookingDraft | null {
  if (!draft || (draft.providerId ?? null) !== providerId) return null;
  if (!searchPrefill(address)) return draft;
  return draft.formAddress === address.toString() ? draft : null;
}

/**
 * A new request starts tomorrow, or with the service and days of the search it came from (see
 * defaultWindow); a draft restored for this address (draftForAddress) comes back as typed.
 */
export function initialRequestValues(
  draft: BookingDraft | null,
  providerId: string | null,
  search: SearchPrefill | null = null,
): RequestFormValues {
  if (draft) {
    return {
      service: draft.service,
      pets: draft.pets,
      start: dayjs(draft.startDate).format(PICKER_FORMAT),
      end: dayjs(draft.endDate).format(PICKER_FORMAT),
      notes: draft.notes,
      mode: providerId ? 'direct' : draft.inviteProviderIds.length ? 'invite' : 'open',
      providerId,
      inviteProviderIds: draft.inviteProviderIds,
    };
  }
  const service = search?.service ?? '';
  return {
    service,
    pets: [],
    ...defaultWindow(service, search),
    notes: '',
    mode: providerId ? 'direct' : 'open',
    providerId,
    inviteProviderIds: [],
  };
}

export const requestFormSchema = z
  .object({
    service: z.string().trim().min(1, 'Choose a service'),
    pets: z.array(z.string()).min(1, 'Choose at least one pet'),
    start: z.string({ message: 'Choose when it starts' }).min(1, 'Choose when it starts'),
    end: z.string({ message: 'Choose when it ends' }).min(1, 'Choose when it ends'),
    notes: z.string().max(2000, 'At most 2000 characters'),
    mode: z.enum(['direct', 'invite', 'open']),
    providerId: z.string().nullable(),
    inviteProviderIds: z.array(z.string()).max(5, 'At most 5 sitters'),
  })
  .superRefine((v, ctx) => {
    const start = dayjs(v.start);
    const end = dayjs(v.end);
    if (start.isValid() && !start.isAfter(dayjs()))
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'The start must be in the future' });
    if (start.isValid() && end.isValid() && !end.isAfter(start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start' });
    if (v.mode === 'invite' && v.inviteProviderIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['inviteProviderIds'],
        message: 'Pick at least one sitter',
      });
  });

export function toDraft(values: RequestFormValues, formAddress = ''): BookingDraft {
  return {
    formAddress,
    service: values.service.trim(),
    pets: values.pets,
    startDate: dayjs(values.start).toISOString(),
    endDate: dayjs(values.end).toISOString(),
    notes: values.notes.trim(),
    providerId: values.mode === 'direct' ? values.providerId : null,
    inviteProviderIds: values.mode === 'invite' ? values.inviteProviderIds : [],
  };
}

const SHARED_FIELDS = ['service', 'pets', 'notes'];

/** Errors of the fields a weekly series shares with a one-off request (service, pets, notes). */
export function sharedFieldErrors(values: RequestFormValues): Record<string, string> {
  const result = requestFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (SHARED_FIELDS.includes(key) && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Where "Back" from checkout goes: the form the draft came from. A draft for one sitter needs its
 * `providerId`, or the form opens as a new open request and drops what was chosen.
 */
export function requestFormPath(draft: Pick<BookingDraft, 'providerId'> | null): string {
  return draft?.providerId
    ? `${paths.requestForm}?providerId=${encodeURIComponent(draft.providerId)}`
    : paths.requestForm;
}

/**
 * What the notes field says about who reads it: an open request's notes are shown to every sitter
 * nearby before the owner chooses one, so no door or lockbox codes there.
 */
export const notesHint = (hasSitter: boolean): string =>
  hasSitter
    ? 'Feeding, walks, medication… Share door or lockbox codes in the chat once the sitter has accepted.'
    : 'Feeding, walks, medication… Sitters nearby read this before you choose one: no door or lockbox codes here.';
