import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormSchema } from '../../src/api/types';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { dateAmong, timeFromInput, timeInputValue, timeOnDate } from '../../src/forms/widgets/values';
import { renderWithProviders } from '../support/render';

// A `format: time` answer given in winter for a summer day: the offset is the one the clocks show on that day.
const TZ = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Paris';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  if (TZ === undefined) delete process.env.TZ;
  else process.env.TZ = TZ;
});

describe('time values', () => {
  it('keeps what was typed, with the offset of the date the time belongs to', () => {
    // No date known: today's (winter) offset.
    expect(timeFromInput('10:30', 'time')).toBe('10:30:00+01:00');
    expect(timeFromInput('10:30', undefined)).toBe('10:30');
    expect(timeOnDate('10:30:00+01:00', '2026-07-01')).toBe('10:30:00+02:00');
    expect(timeOnDate('10:30:00+02:00', '2026-12-01')).toBe('10:30:00+01:00');
    // Not a full-time, or no usable date: unchanged.
    expect(timeOnDate('10:30', '2026-07-01')).toBe('10:30');
    expect(timeOnDate('10:30:00+01:00', undefined)).toBe('10:30:00+01:00');
    expect(timeOnDate('10:30:00+01:00', 'July')).toBe('10:30:00+01:00');
    expect(timeInputValue(timeOnDate('10:30:00+01:00', '2026-07-01'))).toBe('10:30');
    expect(dateAmong({ at: '10:30:00+01:00', day: '2026-07-01' })).toBe('2026-07-01');
    expect(dateAmong({ at: '10:30:00+01:00' })).toBeUndefined();
    expect(dateAmong(['2026-07-01'])).toBeUndefined();
  });
});

const schema: FormSchema = {
  formSchemaId: 'time-offset',
  formId: 'time-offset',
  name: 'Appointment',
  version: 1,
  jsonSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      appointment: { type: 'object', properties: { day: { type: 'string', format: 'date' }, at: { type: 'string', format: 'time' } } },
      reminder: { type: 'string', format: 'time' },
    },
  },
  layout: {
    pages: [
      {
        id: 'p',
        title: 'Appointment',
        sections: [
          {
            id: 's',
            title: 'When',
            fields: [
              { id: 'day', path: '/appointment/day', widget: 'date', label: 'Day' },
              { id: 'at', path: '/appointment/at', widget: 'time', label: 'Time' },
              { id: 'reminder', path: '/reminder', widget: 'time', label: 'Reminder' },
            ],
          },
        ],
      },
    ],
  },
  isPublic: true,
  isDeleted: false,
  createdDateTime: new Date(0),
  lastUpdatedDateTime: new Date(0),
};

describe('a time beside a date in the form', () => {
  it('is stored as typed with the offset of that date, whichever is typed first', () => {
    const engine = createFormEngine(schema);
    renderWithProviders(<FormRenderer schema={schema} engine={engine} mode="edit" progressive={false} />);
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '10:30' } });
    expect(engine.getData()).toMatchObject({ appointment: { day: '2026-07-01', at: '10:30:00+02:00' } });
    // The date changes to a winter day: the time beside it follows.
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-12-01' } });
    expect(engine.getData()).toMatchObject({ appointment: { day: '2026-12-01', at: '10:30:00+01:00' } });
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('10:30');
    // A time with no date beside it: today's offset.
    fireEvent.change(screen.getByLabelText('Reminder'), { target: { value: '08:15' } });
    expect(engine.getData()).toMatchObject({ reminder: '08:15:00+01:00' });
    expect(engine.check().valid).toBe(true);
  });
});

describe('date-times and times in view mode', () => {
  it('show the time the person gave with its offset, said so, not the instant in the reader’s zone without one', () => {
    const withDateTime: FormSchema = {
      ...schema,
      jsonSchema: {
        ...schema.jsonSchema,
        properties: { ...(schema.jsonSchema.properties as object), visit: { type: 'string', format: 'date-time' } },
      },
      layout: {
        pages: [
          {
            id: 'p',
            title: 'Appointment',
            sections: [
              {
                id: 's',
                title: 'When',
                fields: [
                  { id: 'visit', path: '/visit', widget: 'datetime', label: 'Visit' },
                  { id: 'reminder', path: '/reminder', widget: 'time', label: 'Reminder' },
                  { id: 'at', path: '/appointment/at', widget: 'time', label: 'Time' },
                ],
              },
            ],
          },
        ],
      },
    };
    // Given in New York, read in Paris: still 14:30, with New York's offset.
    const engine = createFormEngine(withDateTime, { data: { visit: '2026-12-03T14:30:00-05:00', reminder: '09:15:00+00:00', appointment: { at: '10:30' } } });
    renderWithProviders(<FormRenderer schema={withDateTime} engine={engine} mode="view" progressive={false} />);
    expect(screen.getByText('2026-12-03 14:30 (UTC-05:00)')).toBeInTheDocument();
    expect(screen.getByText('09:15 (UTC+00:00)')).toBeInTheDocument();
    // A time stored without an offset is shown as it is.
    expect(screen.getByText('10:30')).toBeInTheDocument();
  });
});
