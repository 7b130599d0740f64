import { beforeEach, describe, expect, it, vi } from 'vitest';

// Which modules load Mantine's date styles: a stand-in stylesheet, registered afresh for each
// test, counts its loads.
const stylesheet = { loads: 0 };

// Each module that shows a date or time field, imported on its own as the first screen of a tab:
// the sitter search's filters (/petSitters), the blocked dates and weekly hours (/profile), and
// the request form's fields.
const screensWithDates: Record<string, () => Promise<unknown>> = {
  'sitter filters': () => import('../../features/sitters/components/sitter-filters'),
  'blocked dates': () => import('../../features/availability/components/blocks-editor'),
  'weekly hours': () => import('../../features/availability/components/schedule-editor'),
  'booking dates': () => import('../../features/bookings/components/booking-dates-fields'),
  'series fields': () => import('../../features/bookings/components/series-fields'),
};

describe('date inputs bring their stylesheet', () => {
  beforeEach(() => {
    vi.resetModules();
    stylesheet.loads = 0;
    vi.doMock('@mantine/dates/styles.css', () => {
      stylesheet.loads += 1;
      return {};
    });
  });

  it.each(Object.keys(screensWithDates))('%s loads the date styles by itself', async (name) => {
    await screensWithDates[name]!();
    expect(stylesheet.loads).toBe(1);
  });
});
