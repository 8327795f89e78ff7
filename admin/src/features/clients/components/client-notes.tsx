import { CLIENT_LIMITS, type ClientDetail, type ClientNote, ClientNoteSchema } from '@barberly/common';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { TextareaField } from '../../../components/ui/textarea-field';
import { showToast } from '../../../components/ui/toaster';
import { useAddNote, useDeleteNote } from '../api/clients-api';
import type { ClientFormatters } from '../lib/format';
import { noteAddedToast, noteDeletedToast } from '../lib/messages';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Notes about the client, newest first, with who wrote them and when. Anyone who sees the client adds notes; the
 * writer deletes their own and the owner any (the api says which through `mine` and `canManage`).
 */
export function ClientNotes({
  shopId,
  client,
  format,
}: {
  shopId: string;
  client: ClientDetail;
  format: ClientFormatters;
}) {
  const add = useAddNote(shopId, client.id);
  const remove = useDeleteNote(shopId, client.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ClientNote | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ClientNoteSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'This note cannot be saved');
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(parsed.data.body);
      setBody('');
      showToast(noteAddedToast);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'This note could not be saved');
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      showToast(noteDeletedToast);
    } catch {
      // Shown in the dialog, in the api's words.
    }
  };

  return (
    <Card>
      <CardHeader as="h3" title="Notes" description="Seen by the owner and the barbers who serve this client." />
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-2" noValidate>
        <TextareaField
          label="Add a note"
          value={body}
          maxLength={CLIENT_LIMITS.noteMax}
          placeholder="Prefers a low fade, allergic to…"
          hint={`${body.length} / ${CLIENT_LIMITS.noteMax} characters`}
          error={error ?? undefined}
          onChange={(event) => setBody(event.target.value)}
        />
        <Button type="submit" size="sm" className="self-end" disabled={add.isPending}>
          Add note
        </Button>
      </form>
      {client.notes.length === 0 ? (
        <p className="mt-4 text-sm text-neutral-600">No notes yet.</p>
      ) : (
        <ul aria-label="Notes" className="mt-4 divide-y divide-neutral-100">
          {client.notes.map((note) => {
            const when = format.dateTime(note.createdAt);
            return (
              <li key={note.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="text-sm whitespace-pre-wrap break-words text-neutral-900">{note.body}</p>
                  <p className="mt-1 text-xs text-neutral-500">
                    {note.authorName} · <time dateTime={note.createdAt}>{when}</time>
                  </p>
                </div>
                {note.mine || client.canManage ? (
                  <Button
                    variant="light"
                    size="sm"
                    className="shrink-0 text-red-700"
                    aria-label={`Delete note by ${note.authorName}, ${when}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(note);
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialogForNote
        note={deleting}
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

function ConfirmDialogForNote({
  note,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  note: ClientNote | null;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={note !== null}
      title="Delete this note?"
      description="It is removed for everyone who sees this client."
      confirmLabel="Delete note"
      danger
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {note ? (
        <blockquote className="max-h-40 overflow-y-auto rounded-lg bg-neutral-50 p-3 text-sm whitespace-pre-wrap break-words text-neutral-700">
          {note.body}
        </blockquote>
      ) : null}
    </ConfirmDialog>
  );
}
