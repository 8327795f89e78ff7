/**
 * The client's name, e-mail and phone: the details step's fields and their checks, shared with the waitlist form
 * (issue 14) so both ask the same way, with common's messages, and what was typed in one is there in the other.
 */
import { BookingClientSchema, BookingRequestSchema, fieldErrors } from '@barberly/common';
import { Field, FieldError, Input } from './booking-ui';

export interface ContactDetails {
  name: string;
  email: string;
  phone: string;
  note: string;
}

export const EMPTY_DETAILS: ContactDetails = { name: '', email: '', phone: '', note: '' };

/** The details step's fields in the form's order: the first with an error takes the focus. */
export const DETAIL_FIELDS = ['name', 'email', 'phone', 'channel', 'consent', 'note'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailErrors = Partial<Record<DetailField, string>>;

/**
 * The schema's messages per field: 'client.email' answers from the api land on 'email', 'reminders.consent' on
 * 'consent', 'reminders' itself (a malformed choice) on 'channel'.
 */
export function detailErrorsOf(fields: Record<string, string>): DetailErrors {
  const out: DetailErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key === 'reminders' ? 'channel' : key.replace(/^(client|reminders)\./, '');
    if ((DETAIL_FIELDS as readonly string[]).includes(name)) out[name as DetailField] ??= message;
  }
  return out;
}

/** Name, e-mail and phone by common's client schema. */
export function validateContact(details: ContactDetails): DetailErrors {
  const client = BookingClientSchema.safeParse({ name: details.name, email: details.email, phone: details.phone });
  return client.success ? {} : detailErrorsOf(fieldErrors(client.error));
}

/** The details step: the contact and the note. */
export function validateDetails(details: ContactDetails): DetailErrors {
  const note = BookingRequestSchema.shape.note.safeParse(details.note);
  return { ...validateContact(details), ...(note.success ? {} : { note: note.error.issues[0]?.message }) };
}

/** The client as the api takes it, trimmed. */
export function clientOf(details: ContactDetails) {
  return { name: details.name.trim(), email: details.email.trim(), phone: details.phone.trim() };
}

const FIELDS = [
  ['name', 'Name', 'text', 'name'],
  ['email', 'Email', 'email', 'email'],
  ['phone', 'Phone', 'tel', 'tel'],
] as const;

/** The three inputs, ids `{idPrefix}-{name|email|phone}` (the form focuses the first with an error). */
export function ContactFields({
  idPrefix,
  details,
  errors,
  onChange,
}: {
  idPrefix: string;
  details: ContactDetails;
  errors: DetailErrors;
  onChange: (next: ContactDetails) => void;
}) {
  return (
    <>
      {FIELDS.map(([key, label, type, autoComplete]) => (
        <Field key={key}>
          <label htmlFor={`${idPrefix}-${key}`}>{label}</label>
          <Input
            id={`${idPrefix}-${key}`}
            name={key}
            type={type}
            autoComplete={autoComplete}
            required
            value={details[key]}
            aria-invalid={errors[key] ? 'true' : 'false'}
            aria-describedby={errors[key] ? `${idPrefix}-${key}-error` : undefined}
            onChange={(e) => onChange({ ...details, [key]: e.target.value })}
          />
          {errors[key] ? <FieldError id={`${idPrefix}-${key}-error`}>{errors[key]}</FieldError> : null}
        </Field>
      ))}
    </>
  );
}
