import {
  type MessagingSettings,
  type MessagingSettingsPatch,
  MessagingSettingsPatchSchema,
  TEMPLATE_PLACEHOLDERS,
  TEXT_KINDS,
  type TextChannel,
  type TextKind,
} from '@barberly/common';
import { Eye, RotateCcw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { showToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { usePreviewTemplate, useUpdateMessagingSettings } from '../api/messaging-api';
import {
  CHANNEL_LABELS,
  hoursOf,
  KIND_LABELS,
  leadTimeLabel,
  lengthLabel,
  minutesOf,
  TEXTS_NOT_SET_UP,
  textRemindersSavedToast,
} from '../lib/text-messages';
import { TextSenderSection } from './text-sender-section';

/** The form as typed: minutes stay text until saved; a template box starts with the default when the shop has none. */
interface Draft {
  smsEnabled: boolean;
  whatsappEnabled: boolean;
  /** Hours before the start, as typed ('2', '1.5'; '0' for none). */
  secondReminderHours: string;
  quietStart: string;
  quietEnd: string;
  templates: Record<TextKind, string>;
}

type FieldErrors = Record<string, string>;

const HOURS_MESSAGE = 'Between 0 and 168 hours (0 sends none)';

export function draftOf(settings: MessagingSettings): Draft {
  return {
    smsEnabled: settings.provider.sms === 'ready' && settings.smsEnabled,
    whatsappEnabled: settings.provider.whatsapp === 'ready' && settings.whatsappEnabled,
    secondReminderHours: hoursOf(settings.secondReminderMinutes),
    quietStart: settings.quietStart || '21:00',
    quietEnd: settings.quietEnd || '08:00',
    templates: Object.fromEntries(
      TEXT_KINDS.map((kind) => [kind, settings.templates[kind] ?? settings.defaults[kind]]),
    ) as Record<TextKind, string>,
  };
}

/**
 * The PATCH body, checked with common's schema. A channel this Barberly cannot send on is left out, so the shop's
 * choice survives until it is set up; a template left empty or equal to the default is null (the default, which
 * follows any later change to it).
 */
export function patchOf(
  draft: Draft,
  { provider, defaults }: Pick<MessagingSettings, 'provider' | 'defaults'>,
): { patch: MessagingSettingsPatch; errors: null } | { patch: null; errors: FieldErrors } {
  const candidate = {
    ...(provider.sms === 'ready' ? { smsEnabled: draft.smsEnabled } : {}),
    ...(provider.whatsapp === 'ready' ? { whatsappEnabled: draft.whatsappEnabled } : {}),
    secondReminderMinutes: minutesOf(draft.secondReminderHours),
    quietStart: draft.quietStart,
    quietEnd: draft.quietEnd,
    templates: Object.fromEntries(
      TEXT_KINDS.map((kind) => {
        const typed = draft.templates[kind].trim();
        return [kind, typed === '' || typed === defaults[kind] ? null : typed];
      }),
    ),
  };
  const parsed = MessagingSettingsPatchSchema.safeParse(candidate);
  if (parsed.success) return { patch: parsed.data as MessagingSettingsPatch, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    // The owner types hours: an error about the minutes is said in hours.
    if (key === 'secondReminderMinutes') errors.secondReminderHours ??= HOURS_MESSAGE;
    else errors[key] ??= issue.message;
  }
  return { patch: null, errors };
}

function ChannelToggle({
  channel,
  checked,
  ready,
  onChange,
}: {
  channel: TextChannel;
  checked: boolean;
  ready: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const name = CHANNEL_LABELS[channel];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={!ready}
          aria-describedby={ready ? undefined : noteId}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed"
        />
        <label htmlFor={id} className="text-sm font-medium text-neutral-900">
          Send {name} reminders
        </label>
      </div>
      {ready ? null : (
        <p id={noteId} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {name} is not set up yet. {TEXTS_NOT_SET_UP}
        </p>
      )}
    </div>
  );
}

function TemplateField({
  shopId,
  kind,
  value,
  fallback,
  error,
  disabled,
  onChange,
}: {
  shopId: string;
  kind: TextKind;
  value: string;
  /** The default template: what an empty box sends, and what Use default puts back. */
  fallback: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const preview = usePreviewTemplate(shopId);
  const [shown, setShown] = useState<{ text: string } | { error: string } | null>(null);
  const label = KIND_LABELS[kind];
  const typed = value.trim();
  const captionId = useId();

  const showPreview = async () => {
    try {
      // The text as it would be saved: the typed template, or the default when the box is empty.
      setShown(await preview.mutateAsync({ kind, template: typed || fallback }));
    } catch (failure) {
      setShown({ error: failure instanceof Error ? failure.message : 'The preview could not be made' });
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-2 border-t border-neutral-200 pt-4 first:border-t-0 first:pt-0">
      <TextareaField
        label={label}
        value={value}
        rows={3}
        maxLength={480}
        disabled={disabled}
        error={error}
        hint={
          typed === '' || typed === fallback
            ? `Default message · ${lengthLabel(fallback)}`
            : `Your message · ${lengthLabel(typed)}`
        }
        onChange={(event) => {
          onChange(event.target.value);
          setShown(null);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="light"
          size="sm"
          aria-label={`Preview ${label.toLowerCase()}`}
          disabled={preview.isPending}
          onClick={() => void showPreview()}
        >
          <Eye aria-hidden="true" className="size-4" /> {preview.isPending ? 'Previewing...' : 'Preview'}
        </Button>
        <Button
          variant="light"
          size="sm"
          aria-label={`Use default ${label.toLowerCase()}`}
          disabled={disabled || value === fallback}
          onClick={() => {
            onChange(fallback);
            setShown(null);
          }}
        >
          <RotateCcw aria-hidden="true" className="size-4" /> Use default
        </Button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {shown && 'text' in shown ? (
          <figure
            aria-labelledby={captionId}
            className="rounded-lg border border-neutral-200 bg-neutral-50 p-3 text-sm"
          >
            <figcaption id={captionId} className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              {label} preview
            </figcaption>
            <p className="mt-1 break-words whitespace-pre-wrap text-neutral-900">{shown.text}</p>
            <p className="mt-1 text-xs text-neutral-600">{lengthLabel(shown.text)}</p>
          </figure>
        ) : shown ? (
          <p className="text-sm text-red-700">{shown.error}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Text reminders (issue 15): the channels, a second reminder, quiet hours and the four templates; one Save sends
 * them all (PATCH /api/shops/{id}/messaging).
 */
export function TextRemindersCard({ shopId, settings }: { shopId: string; settings: MessagingSettings }) {
  const update = useUpdateMessagingSettings(shopId);
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const { provider } = settings;

  const edit = (change: Partial<Draft>, field: string) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setFailure(null);
  };
  const editTemplate = (kind: TextKind, value: string) =>
    edit({ templates: { ...draft.templates, [kind]: value } }, `templates.${kind}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { patch, errors: invalid } = patchOf(draft, settings);
    if (!patch) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await update.mutateAsync(patch);
      showToast(textRemindersSavedToast);
    } catch (error) {
      // What was typed stays, so the owner corrects it rather than typing it again.
      setFailure(error instanceof Error ? error.message : 'The settings could not be saved');
      if (error instanceof ApiError && error.fields) {
        const { secondReminderMinutes, ...rest } = error.fields;
        setErrors(secondReminderMinutes ? { ...rest, secondReminderHours: HOURS_MESSAGE } : rest);
      }
    }
  };

  const pending = update.isPending;
  return (
    <Card>
      <CardHeader
        title={<span id={titleId}>Text reminders</span>}
        description="Confirmations and reminders by SMS or WhatsApp, for clients who chose texts when booking."
      />
      <form noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)} className="mt-5">
        <fieldset disabled={pending} className="flex min-w-0 flex-col gap-6">
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold text-neutral-800">Channels</legend>
            <ChannelToggle
              channel="sms"
              checked={draft.smsEnabled}
              ready={provider.sms === 'ready'}
              onChange={(smsEnabled) => edit({ smsEnabled }, 'smsEnabled')}
            />
            <ChannelToggle
              channel="whatsapp"
              checked={draft.whatsappEnabled}
              ready={provider.whatsapp === 'ready'}
              onChange={(whatsappEnabled) => edit({ whatsappEnabled }, 'whatsappEnabled')}
            />
          </fieldset>

          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold text-neutral-800">When</legend>
            <p className="text-sm text-neutral-700">
              First reminder: {leadTimeLabel(settings.reminderLeadMinutes)}, set in Booking Settings.
            </p>
            <Field
              className="max-w-xs"
              label="Second reminder (hours before)"
              type="number"
              inputMode="decimal"
              min={0}
              max={168}
              step={0.5}
              value={draft.secondReminderHours}
              hint="0 sends none. 2 sends it two hours before."
              error={errors.secondReminderHours}
              onChange={(event) => edit({ secondReminderHours: event.target.value }, 'secondReminderHours')}
            />
            <fieldset className="min-w-0">
              <legend className="text-sm font-medium text-neutral-800">Quiet hours</legend>
              <p className="mt-0.5 text-xs text-neutral-600">
                No text goes out between these times, shop time; it waits until the end.
              </p>
              <div className="mt-2 grid max-w-sm grid-cols-2 gap-3">
                <Field
                  label="From"
                  type="time"
                  value={draft.quietStart}
                  error={errors.quietStart}
                  onChange={(event) => edit({ quietStart: event.target.value }, 'quietStart')}
                />
                <Field
                  label="To"
                  type="time"
                  value={draft.quietEnd}
                  error={errors.quietEnd}
                  onChange={(event) => edit({ quietEnd: event.target.value }, 'quietEnd')}
                />
              </div>
            </fieldset>
          </fieldset>

          <fieldset className="flex min-w-0 flex-col gap-4">
            <legend className="mb-1 text-sm font-semibold text-neutral-800">Message texts</legend>
            <div className="text-sm text-neutral-700">
              <p>These placeholders are filled in for each appointment:</p>
              <ul aria-label="Placeholders" className="mt-1.5 flex flex-wrap gap-1.5">
                {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
                  <li key={placeholder}>
                    <code className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-900">{placeholder}</code>
                  </li>
                ))}
              </ul>
            </div>
            {TEXT_KINDS.map((kind) => (
              <TemplateField
                key={kind}
                shopId={shopId}
                kind={kind}
                value={draft.templates[kind]}
                fallback={settings.defaults[kind]}
                error={errors[`templates.${kind}`]}
                disabled={pending}
                onChange={(value) => editTemplate(kind, value)}
              />
            ))}
          </fieldset>
        </fieldset>

        <p className="mt-6 text-sm text-neutral-700">
          This month: {settings.sentThisMonth.sms} SMS, {settings.sentThisMonth.whatsapp} WhatsApp sent.
        </p>
        {failure ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure}
          </p>
        ) : null}
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save text reminders'}
          </Button>
        </div>
      </form>
      <TextSenderSection shopId={shopId} />
    </Card>
  );
}
