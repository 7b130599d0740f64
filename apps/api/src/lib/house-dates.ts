/*
 * Dates in what the API writes for people (notifications, mails, conflict messages), in the web's
 * house style: day before month, 24-hour clock, "Sun 20 Dec 2026" and "Sun 20 Dec 2026, 09:00 CST".
 */

const DAY = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;

type Formatters = {
  day: Intl.DateTimeFormat;
  when: Intl.DateTimeFormat;
  zone: Intl.DateTimeFormat;
};
const formatters = new Map<string, Formatters>();

function formattersFor(timeZone: string): Formatters {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-GB', { ...DAY, timeZone }),
      when: new Intl.DateTimeFormat('en-GB', {
        ...DAY,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
      // en-US names American zones as people say them (CST); elsewhere it gives "GMT+1".
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}

/** en-GB writes "Sun, 20 Dec 2026": the house style has no comma after the weekday. */
const withoutWeekdayComma = (text: string) => text.replace(/,(?= \d{1,2} )/, '');

/** A calendar day ("2026-12-20") as people read it: "Sun 20 Dec 2026". */
export const formatDay = (day: string): string =>
  withoutWeekdayComma(formattersFor('UTC').day.format(new Date(`${day}T00:00:00Z`)));

/**
 * A booking's start as people read it, on the sitter's clock (their calendar's time zone, where
 * the booking happens; UTC until they set one): "Wed 2 Dec 2026, 09:00 CST".
 */
export function formatStart(iso: string, timeZone = 'UTC'): string {
  const { when, zone } = formattersFor(timeZone);
  const at = new Date(iso);
  const zoneName =
    timeZone === 'UTC'
      ? 'UTC'
      : zone.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return `${withoutWeekdayComma(when.format(at))} ${zoneName ?? timeZone}`;
}
