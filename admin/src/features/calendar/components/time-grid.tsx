import type { Appointment, AppointmentStatus, TimeOff } from '@barberly/common';
import { APPOINTMENT_STATUS_LABELS } from '@barberly/common';
import { type DragEvent, useRef, useState } from 'react';
import { cn } from '../../../components/ui/cn';
import {
  blockBox,
  blockName,
  type ClockDisplay,
  type GridSlot,
  hhmm,
  ROW_PX,
  rowAt,
  STEP_MINUTES,
  slotName,
  timeLabel,
  timeOffName,
  visitName,
  wallMinutes,
} from '../lib/calendar-model';

/** Colour repeats the status, which is always written too (not colour alone). */
export const STATUS_BLOCK_STYLES: Record<AppointmentStatus, string> = {
  confirmed: 'border-sky-700 bg-sky-50 text-sky-950',
  completed: 'border-emerald-700 bg-emerald-50 text-emerald-950',
  no_show: 'border-amber-700 bg-amber-50 text-amber-950',
  cancelled: 'border-neutral-500 bg-neutral-100 text-neutral-700 line-through',
};

export interface GridColumn {
  /** Unique per column: the barber's id (day view) or the date (week view). */
  key: string;
  /** The header: the barber's name, or the day ('Tue 8'). */
  title: string;
  barberId: string;
  barberName: string;
  date: string;
  /** In the week view the free rows name the day: 'Book Tuesday, December 8 2:30 PM with …'. */
  dayLabel?: string;
  slots: GridSlot[];
  appointments: Appointment[];
  timeOff: TimeOff[];
}

export interface TimeGridProps {
  label: string;
  columns: GridColumn[];
  span: { from: number; to: number };
  clock: ClockDisplay;
  now: Date;
  /** On phones only this column shows (day view); absent: all. */
  phoneColumnKey?: string;
  onBook: (column: GridColumn, slot: GridSlot) => void;
  onBlockTime: (column: GridColumn, from: GridSlot, to: GridSlot) => void;
  onOpenAppointment: (appointment: Appointment) => void;
  onOpenTimeOff: (column: GridColumn, timeOff: TimeOff) => void;
  onDropAppointment: (appointmentId: string, column: GridColumn, time: string) => void;
  onDropTimeOff: (timeOffId: string, fromBarberId: string, column: GridColumn, time: string) => void;
}

const APPOINTMENT_TYPE = 'application/x-barberly-appointment';
const TIME_OFF_TYPE = 'application/x-barberly-time-off';

/** A day (or week) as columns of 15-minute rows; see calendar-model.ts and decision 0181. */
export function TimeGrid(props: TimeGridProps) {
  const { columns, span, clock } = props;
  const rows = (span.to - span.from) / STEP_MINUTES;
  const hours: number[] = [];
  for (let m = Math.ceil(span.from / 60) * 60; m < span.to; m += 60) hours.push(m);
  return (
    <section aria-label={props.label} className="min-w-0 rounded-2xl border border-neutral-200 bg-white">
      <div className="flex min-w-0">
        <div aria-hidden="true" className="w-12 shrink-0 border-r border-neutral-200 sm:w-16">
          <div className="h-10 border-b border-neutral-200" />
          <div className="relative" style={{ height: rows * ROW_PX }}>
            {hours.map((m) => (
              <span
                key={m}
                className="absolute right-1 -translate-y-1/2 text-[11px] text-neutral-600 tabular-nums"
                style={{ top: ((m - span.from) / STEP_MINUTES) * ROW_PX }}
              >
                {m === span.from ? '' : hourLabel(m, clock)}
              </span>
            ))}
          </div>
        </div>
        <div className="flex min-w-0 flex-1">
          {columns.map((column) => (
            <Column
              key={column.key}
              column={column}
              {...props}
              hidden={props.phoneColumnKey !== undefined && props.phoneColumnKey !== column.key}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

function hourLabel(minutes: number, clock: ClockDisplay): string {
  if (clock.clock === '24h') return hhmm(minutes);
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
}

function Column({
  column,
  span,
  clock,
  now,
  hidden,
  onBook,
  onBlockTime,
  onOpenAppointment,
  onOpenTimeOff,
  onDropAppointment,
  onDropTimeOff,
}: TimeGridProps & { column: GridColumn; hidden: boolean }) {
  const rows = (span.to - span.from) / STEP_MINUTES;
  const bodyRef = useRef<HTMLDivElement>(null);
  const [dropRow, setDropRow] = useState<number | null>(null);
  // Dragging across free rows (mouse or pen) marks time off: the rows from where the pointer went down.
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const rangeMoved = useRef(false);

  const rowOf = (event: DragEvent) => {
    const rect = bodyRef.current?.getBoundingClientRect();
    return rect ? rowAt(event.clientY - rect.top, span) : 0;
  };
  const onDragOver = (event: DragEvent) => {
    const types = Array.from(event.dataTransfer.types);
    if (!types.includes(APPOINTMENT_TYPE) && !types.includes(TIME_OFF_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropRow(rowOf(event));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropRow(null);
    const time = hhmm(span.from + rowOf(event) * STEP_MINUTES);
    const appointmentId = event.dataTransfer.getData(APPOINTMENT_TYPE);
    if (appointmentId) return onDropAppointment(appointmentId, column, time);
    const timeOff = event.dataTransfer.getData(TIME_OFF_TYPE);
    if (timeOff) {
      const [id, fromBarber] = timeOff.split(' ');
      if (id && fromBarber) onDropTimeOff(id, fromBarber, column, time);
    }
  };

  const isToday = column.slots.length > 0 && column.date === localDay(now, clock.timeZone);
  const nowMinutes = wallMinutes(now, clock.timeZone);
  const showNow = isToday && nowMinutes >= span.from && nowMinutes < span.to;
  // Cancelled visits free their time: the calendar lists them under the grid instead.
  const live = column.appointments.filter((a) => a.status !== 'cancelled');

  return (
    <section
      aria-label={column.dayLabel ?? column.barberName}
      data-column={column.key}
      className={cn('min-w-0 flex-1 basis-0 border-r border-neutral-200 last:border-r-0', hidden && 'hidden sm:block')}
    >
      <h3 className="flex h-10 items-center justify-center truncate border-b border-neutral-200 px-1 text-sm font-bold">
        <span className="truncate">{column.title}</span>
      </h3>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drop target for mouse drags; the Move dialog is the keyboard way. */}
      <div
        ref={bodyRef}
        className="relative"
        style={{
          height: rows * ROW_PX,
          backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${ROW_PX - 1}px, #e5e5e5 ${ROW_PX - 1}px, #e5e5e5 ${ROW_PX}px)`,
        }}
        onDragOver={onDragOver}
        onDragLeave={() => setDropRow(null)}
        onDrop={onDrop}
        onPointerUp={() => {
          if (range && rangeMoved.current) {
            const a = Math.min(range.from, range.to);
            const b = Math.max(range.from, range.to);
            const from = column.slots[a];
            const to = column.slots[b];
            if (from && to) onBlockTime(column, from, to);
          }
          setRange(null);
        }}
        onPointerLeave={() => setRange(null)}
      >
        {column.slots.map((slot, i) =>
          slot.state === 'free' ? null : (
            <div
              key={slot.time}
              aria-hidden="true"
              className={cn(
                'absolute inset-x-0',
                slot.state === 'closed' && 'bg-neutral-200/80',
                slot.state === 'past' && 'bg-neutral-100',
              )}
              style={{ top: i * ROW_PX, height: ROW_PX }}
            />
          ),
        )}
        <ol aria-label={`Free times with ${column.barberName}`} className="contents">
          {column.slots.map((slot, i) =>
            slot.state === 'free' ? (
              <li key={slot.time} className="contents">
                <button
                  type="button"
                  aria-label={slotName(slot, column.barberName, clock, column.dayLabel)}
                  className={cn(
                    'absolute inset-x-0 z-0 cursor-pointer text-left text-[11px] text-transparent hover:bg-amber-50 hover:text-amber-900 focus-visible:z-10 focus-visible:bg-amber-50 focus-visible:text-amber-900 focus-visible:outline-2 focus-visible:outline-amber-600',
                    range &&
                      i >= Math.min(range.from, range.to) &&
                      i <= Math.max(range.from, range.to) &&
                      'bg-violet-100 text-violet-900',
                  )}
                  style={{ top: i * ROW_PX, height: ROW_PX }}
                  onPointerDown={(event) => {
                    if (event.pointerType === 'touch' || event.button !== 0) return;
                    rangeMoved.current = false;
                    setRange({ from: i, to: i });
                  }}
                  onPointerEnter={() => {
                    if (!range) return;
                    if (i !== range.to) rangeMoved.current = true;
                    setRange({ ...range, to: i });
                  }}
                  onClick={() => {
                    if (rangeMoved.current) {
                      rangeMoved.current = false;
                      return;
                    }
                    onBook(column, slot);
                  }}
                >
                  <span className="pl-1">+ {timeLabel(slot.start, clock)}</span>
                </button>
              </li>
            ) : null,
          )}
        </ol>
        {column.timeOff.map((t) => {
          const box = blockBox(t.start, t.end, clock.timeZone, span);
          if (box.top >= rows * ROW_PX || box.top + box.height <= 0) return null;
          return (
            <button
              key={t.id}
              type="button"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(TIME_OFF_TYPE, `${t.id} ${column.barberId}`);
                event.dataTransfer.effectAllowed = 'move';
              }}
              title={timeOffName(t, column.barberName, clock)}
              onClick={() => onOpenTimeOff(column, t)}
              className="absolute inset-x-0.5 z-[1] overflow-hidden rounded-md border border-violet-700 bg-[repeating-linear-gradient(135deg,#ede9fe_0,#ede9fe_6px,#f5f3ff_6px,#f5f3ff_12px)] px-1 text-left text-xs text-violet-950 focus-visible:outline-2 focus-visible:outline-amber-600"
              style={{ top: Math.max(0, box.top), height: box.height }}
            >
              {/* The name is the text itself (visible words first, the rest for screen readers): 'Time off 2:00 PM
                  to 3:00 PM, Marcus Reed: Dentist'. */}
              <span className="font-semibold">Time off</span>{' '}
              <span className="sr-only">
                {timeLabel(t.start, clock)} to {timeLabel(t.end, clock)}, {column.barberName}
                {t.reason ? ':' : ''}
              </span>{' '}
              {t.reason ? <span className="block truncate">{t.reason}</span> : null}
            </button>
          );
        })}
        {live.map((a) => {
          const box = blockBox(a.start, a.end, clock.timeZone, span);
          const buffer = ((a.bufferMinutes ?? 0) / STEP_MINUTES) * ROW_PX;
          const movable = a.status === 'confirmed';
          return (
            <div key={a.id} className="contents">
              <button
                type="button"
                draggable={movable}
                onDragStart={(event) => {
                  event.dataTransfer.setData(APPOINTMENT_TYPE, a.id);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                title={blockName(a, clock)}
                onClick={() => onOpenAppointment(a)}
                data-appointment={a.id}
                className={cn(
                  'absolute inset-x-0.5 z-[2] overflow-hidden rounded-md border-l-4 border px-1.5 py-0.5 text-left text-xs leading-tight shadow-sm focus-visible:outline-2 focus-visible:outline-amber-600',
                  STATUS_BLOCK_STYLES[a.status],
                )}
                style={{ top: box.top, height: box.height }}
              >
                {/* The name is the text itself, so what is seen is what is said (WCAG 2.5.3): '2:30 PM to 3:00 PM,
                    Jane Doe, Haircut, Confirmed'; the end time and commas are for screen readers (the commas are
                    zero-size inline text: a positioned sr-only span would put a space before them). */}
                <span className="block truncate font-semibold tabular-nums">
                  {timeLabel(a.start, clock)} <span className="sr-only">to {timeLabel(a.end, clock)},</span>{' '}
                  {a.client.name}
                  <span className="text-[0px]">,</span>
                </span>{' '}
                <span className="block truncate">
                  {visitName(a)}
                  <span className="text-[0px]">,</span>
                </span>{' '}
                <span className="block truncate font-semibold">{APPOINTMENT_STATUS_LABELS[a.status]}</span>
              </button>
              {buffer > 0 ? (
                <div
                  aria-hidden="true"
                  title="Cleanup"
                  className="absolute inset-x-0.5 z-[1] rounded-b-md bg-[repeating-linear-gradient(45deg,#e5e5e5_0,#e5e5e5_4px,#fafafa_4px,#fafafa_8px)]"
                  style={{ top: box.top + box.height, height: buffer }}
                />
              ) : null}
            </div>
          );
        })}
        {dropRow !== null ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 z-[3] border-2 border-dashed border-amber-600 bg-amber-100/60"
            style={{ top: dropRow * ROW_PX, height: ROW_PX }}
          />
        ) : null}
        {showNow ? (
          <div
            aria-hidden="true"
            data-now-line
            className="pointer-events-none absolute inset-x-0 z-[4] border-t-2 border-red-600"
            style={{ top: ((nowMinutes - span.from) / STEP_MINUTES) * ROW_PX }}
          >
            <span className="absolute -top-1.5 -left-1 size-3 rounded-full bg-red-600" />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function localDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
