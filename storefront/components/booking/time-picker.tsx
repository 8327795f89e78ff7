import { type AvailabilitySlot, type ClockOptions, formatClockTime } from '@barberly/common';
import { useCallback, useEffect, useId, useState } from 'react';
import { BookingApiError, fetchAvailability, NETWORK_MESSAGE } from '../../lib/booking-api';
import type { BookingDay } from '../../lib/booking-view';
import { ActionButton } from '../buttons';
import { Actions, Alert, Choice, ChoiceList, Fieldset, LiveStatus, Muted, Notice, TextButton } from './booking-ui';
import { DateCalendar, type DayState, weekdayName } from './steps/date-calendar';

type Times = { state: 'loading' } | { state: 'ok'; slots: AvailabilitySlot[] } | { state: 'error'; message: string };

/** 'Diego', 'Diego and Sam', 'Diego, Sam and Ana'. */
export function namesSentence(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A day from the month calendar (closed and fully booked days disabled, with their reason) and the free starts of that day from the api, in the shop's zone. Asks again when
 * the day, the services, the barber or `reloadKey` change (a 409 bumps it so the taken time disappears).
 * `onWaitlist` (issue 14): a day without a time that suits offers the waitlist, as a button when the day is full
 * and as "None of these times work" under its times.
 */
export function TimePicker(props: {
  slug: string;
  serviceIds: readonly string[];
  barberId: string;
  days: BookingDay[];
  timeZoneLabel: string;
  /** The shop's zone, locale and clock: each slot's start is written with it ('2:30 PM' or '14:30'). */
  clock: ClockOptions;
  date: string;
  onDate: (date: string) => void;
  start: string | null;
  onStart: (start: string | null, label: string | null) => void;
  reloadKey: number;
  onWaitlist?: () => void;
  /** The shop's barbers (names for "Diego and Sam have times on Friday"). */
  barbers?: ReadonlyArray<{ id: string; firstName: string; name: string }>;
  /** Switch to another barber who has times that day; absent: the names are said, no switch offered. */
  onBarber?: (barberId: string) => void;
  /** The shop keeps a waitlist: a fully booked day can still be chosen, to join it. */
  waitlist?: boolean;
}) {
  const { slug, barberId, date, reloadKey, onStart, start } = props;
  // One key for the list, so a new array with the same services asks nothing again.
  const serviceKey = props.serviceIds.join(',');
  const [times, setTimes] = useState<Times>({ state: 'loading' });
  const id = useId();
  const day = props.days.find((d) => d.date === date);
  const [dayInfo, setDayInfo] = useState<DayState | null>(null);
  const onDayState = useCallback((state: DayState | null) => setDayInfo(state), []);
  const others =
    dayInfo && dayInfo.date === date && !dayInfo.free && barberId !== 'any'
      ? dayInfo.othersFree.flatMap((otherId) => props.barbers?.filter((b) => b.id === otherId) ?? [])
      : [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks again after a 409, even for the same day
  useEffect(() => {
    if (!date) return;
    const controller = new AbortController();
    setTimes({ state: 'loading' });
    fetchAvailability(slug, { serviceIds: serviceKey.split(','), barberId, date }, controller.signal)
      .then((answer) => setTimes({ state: 'ok', slots: answer.slots }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setTimes({ state: 'error', message: err instanceof BookingApiError ? err.message : NETWORK_MESSAGE });
      });
    return () => controller.abort();
  }, [slug, serviceKey, barberId, date, reloadKey]);

  // A chosen time that is no longer offered (taken meanwhile, another day) is forgotten.
  useEffect(() => {
    if (times.state === 'ok' && start && !times.slots.some((s) => s.start === start)) onStart(null, null);
  }, [times, start, onStart]);

  const status =
    times.state === 'loading'
      ? 'Loading free times…'
      : times.state === 'ok'
        ? times.slots.length === 0
          ? ''
          : `${times.slots.length} free ${times.slots.length === 1 ? 'time' : 'times'} on ${day?.label ?? date}.`
        : '';

  return (
    <>
      <DateCalendar
        slug={slug}
        serviceIds={props.serviceIds}
        barberId={barberId}
        days={props.days}
        date={date}
        onDate={props.onDate}
        reloadKey={reloadKey}
        onDayState={onDayState}
        waitlist={props.waitlist}
      />
      {others.length > 0 ? (
        <Notice data-others-free="">
          <p>
            {namesSentence(others.map((b) => b.firstName))} {others.length === 1 ? 'has' : 'have'} times on{' '}
            {weekdayName(date)}.
          </p>
          {props.onBarber ? (
            <Actions>
              {others.map((b) => (
                <ActionButton key={b.id} type="button" $tone="outline" onClick={() => props.onBarber?.(b.id)}>
                  See {b.firstName}'s times
                </ActionButton>
              ))}
            </Actions>
          ) : null}
        </Notice>
      ) : null}
      <Muted>Times are shown in the shop's time zone: {props.timeZoneLabel}.</Muted>
      <LiveStatus>{status}</LiveStatus>
      {times.state === 'error' ? <Alert role="alert">{times.message}</Alert> : null}
      {times.state === 'ok' && times.slots.length === 0 ? (
        <>
          <Muted>
            No free times on this day.{' '}
            {props.onWaitlist ? 'Choose another day, or join the waitlist.' : 'Please choose another day.'}
          </Muted>
          {props.onWaitlist ? (
            <Actions>
              <ActionButton type="button" $tone="outline" onClick={props.onWaitlist} data-waitlist-offer="">
                Join the waitlist for {day?.label ?? date}
              </ActionButton>
            </Actions>
          ) : null}
        </>
      ) : null}
      {times.state === 'ok' && times.slots.length > 0 ? (
        <Fieldset>
          <legend>Available times</legend>
          <ChoiceList $compact>
            {times.slots.map((slot) => {
              // The api's label is en-US 12-hour for every shop (one cached answer per day); the shop's clock is
              // applied here, with a formatter built once per zone, locale and clock.
              const label = formatClockTime(slot.start, props.clock);
              return (
                <Choice
                  key={slot.start}
                  name={`${id}-time`}
                  value={slot.start}
                  checked={start === slot.start}
                  onChange={() => onStart(slot.start, label)}
                  compact
                  testId="time"
                >
                  {label}
                </Choice>
              );
            })}
          </ChoiceList>
        </Fieldset>
      ) : null}
      {times.state === 'ok' && times.slots.length > 0 && props.onWaitlist ? (
        <div>
          <TextButton type="button" onClick={props.onWaitlist} data-waitlist-offer="">
            None of these times work
          </TextButton>
        </div>
      ) : null}
    </>
  );
}
