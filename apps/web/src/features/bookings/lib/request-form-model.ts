import { normalizeService, SERVICES } from '@pawsy/contract';
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

/**
 * A new request starts tomorrow 09:00–17:00, or with the service and days of the search it came
 * from (09:00 on the first day to 17:00 on the last); a draft coming back from checkout is
 * restored.
 */
export function initialRequestValues(
  draft: BookingDraft | null,
  providerId: string | null,
  search: SearchPrefill | null = null,
): RequestFormValues {
  const sameSitter = draft && (draft.providerId ?? null) === providerId;
  if (draft && sameSitter && !search) {
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
  const tomorrow = dayjs().add(1, 'day').startOf('day');
  const first = search?.startDate ? dayjs(search.startDate) : tomorrow;
  const last = search?.endDate ? dayjs(search.endDate) : tomorrow;
  return {
    service: search?.service ?? '',
    pets: [],
    start: first.hour(9).format(PICKER_FORMAT),
    end: last.hour(17).format(PICKER_FORMAT),
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

export function toDraft(values: RequestFormValues): BookingDraft {
  return {
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
