import { useState } from 'react';
import { ApiError, getErrorMessage } from '../../../lib/api-error';
import { clampCredits } from '../../credits';
import {
  BOOKING_MESSAGES,
  seriesApi,
  type SeriesCreated,
  type SeriesOccurrence,
  type SeriesPreview,
} from '../bookings-api';
import { initialPattern, validatePattern, type SeriesPattern } from '../lib/series-form-model';

/** What the weekly request shares with the one-off form. */
export type SeriesCommon = { providerId: string; service: string; pets: string[]; notes: string };

/** A 409 from POST /api/booking/series carries the occurrences as the server saw them. */
function conflictOccurrences(error: unknown): SeriesOccurrence[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { occurrences } = error.response.data as { occurrences?: unknown };
  return Array.isArray(occurrences) ? (occurrences as SeriesOccurrence[]) : null;
}

/**
 * The weekly pattern, its preview and the send. Any change to the pattern (or to the service and
 * pets, via invalidate) drops the preview, so what is sent is always what was shown.
 */
export function useSeriesRequest(firstDay?: string | null) {
  const [pattern, setPattern] = useState<SeriesPattern>(() => initialPattern(firstDay));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<SeriesPreview | null>(null);
  const [isPreviewing, setPreviewing] = useState(false);
  const [skipConflicts, setSkipConflicts] = useState(false);
  const [isApplying, setApplying] = useState(false);
  const [requested, setRequested] = useState(0);
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const invalidate = () => {
    setPreview(null);
    setSkipConflicts(false);
    setError(null);
  };

  const setField = <K extends keyof SeriesPattern>(key: K, value: SeriesPattern[K]) => {
    setPattern((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[key];
      if (key === 'endMode') {
        delete next.endDate;
        delete next.count;
      }
      return next;
    });
    invalidate();
  };

  const price = preview?.totalCents ?? 0;
  const balance = preview?.creditsBalance ?? 0;
  const creditsCents = isApplying ? clampCredits(requested, balance, price) : 0;

  /** Validates the pattern; false when a field needs fixing (errors are set). */
  const runPreview = async (common: SeriesCommon): Promise<boolean> => {
    const checked = validatePattern(pattern, common);
    if (checked.errors) {
      setErrors(checked.errors);
      return false;
    }
    setPreviewing(true);
    setError(null);
    try {
      const { data } = await seriesApi.preview(checked.body);
      setPreview(data.data);
      setSkipConflicts(false);
    } catch (err) {
      setPreview(null);
      setError(getErrorMessage(err, BOOKING_MESSAGES.seriesPreviewFailed));
    } finally {
      setPreviewing(false);
    }
    return true;
  };

  /** Sends the previewed series; null when it failed (the error or the new conflicts are shown). */
  const send = async (common: SeriesCommon): Promise<SeriesCreated | null> => {
    const checked = validatePattern(pattern, {
      ...common,
      creditsToApply: creditsCents,
      skipConflicts,
    });
    if (checked.errors) {
      setErrors(checked.errors);
      return null;
    }
    setSending(true);
    setError(null);
    try {
      return (await seriesApi.create(checked.body)).data;
    } catch (err) {
      const occurrences = conflictOccurrences(err);
      if (occurrences && preview) {
        // The calendar changed since the preview: show the new conflicts to choose again.
        setPreview({ ...preview, occurrences });
        setSkipConflicts(false);
      }
      setError(getErrorMessage(err, BOOKING_MESSAGES.seriesCreateFailed));
      return null;
    } finally {
      setSending(false);
    }
  };

  return {
    pattern,
    errors,
    setField,
    invalidate,
    preview,
    isPreviewing,
    skipConflicts,
    setSkipConflicts,
    credits: {
      isOn: isApplying,
      cents: creditsCents,
      onToggle: (on: boolean) => {
        setApplying(on);
        setRequested(on ? clampCredits(Number.MAX_SAFE_INTEGER, balance, price) : 0);
      },
      onChange: setRequested,
    },
    isSending,
    error,
    runPreview,
    send,
  };
}
