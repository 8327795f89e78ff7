import { CLIENT_LIMITS, type ClientDetail, ClientPatchSchema } from '@barberly/common';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { showToast } from '../../../components/ui/toaster';
import { useUpdateClient } from '../api/clients-api';
import { tagsSavedToast } from '../lib/messages';

/** The client's tags as chips; the owner adds and removes them, each change saved at once with PATCH. */
export function ClientTags({ shopId, client, editable }: { shopId: string; client: ClientDetail; editable: boolean }) {
  const update = useUpdateClient(shopId, client.id);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const save = async (tags: string[]) => {
    // The api's own rules and words (1 to 30 characters, at most 10 tags), checked before asking it.
    const parsed = ClientPatchSchema.safeParse({ tags });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'These tags cannot be saved');
      return false;
    }
    setError(null);
    try {
      await update.mutateAsync({ tags: parsed.data.tags });
      showToast(tagsSavedToast);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : 'These tags could not be saved');
      return false;
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (!tag) return;
    if (client.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      setDraft('');
      return;
    }
    if (await save([...client.tags, tag])) setDraft('');
    inputRef.current?.focus();
  };

  const remove = async (tag: string) => {
    // The chip's button goes away: focus moves to the field beside the chips.
    inputRef.current?.focus();
    await save(client.tags.filter((t) => t !== tag));
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="mt-4">
      <h3 id={`${inputId}-title`} className="text-sm font-semibold text-neutral-800">
        Tags
      </h3>
      {client.tags.length === 0 && !editable ? <p className="mt-1 text-sm text-neutral-500">No tags</p> : null}
      {client.tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-2">
          {client.tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-neutral-100 py-1 pr-1 pl-3 text-sm font-medium text-neutral-800"
            >
              <span className="truncate">{tag}</span>
              {editable ? (
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  disabled={update.isPending}
                  onClick={() => void remove(tag)}
                  className="grid size-6 place-items-center rounded-full text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-amber-400"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <form onSubmit={(event) => void add(event)} className="mt-3 flex max-w-sm items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={inputId} className="sr-only">
              Add a tag
            </label>
            <input
              ref={inputRef}
              id={inputId}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Add a tag (VIP, beard…)"
              maxLength={CLIENT_LIMITS.tagMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(
                'h-9 rounded-lg border border-neutral-300 bg-white px-3 text-base text-neutral-900 outline-none sm:text-sm',
                'placeholder:text-neutral-400 focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-60',
                error && 'border-red-500',
              )}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : client.tags.length >= CLIENT_LIMITS.tagsMax ? (
              <p className="text-xs text-neutral-500">At most {CLIENT_LIMITS.tagsMax} tags.</p>
            ) : null}
          </div>
          <Button type="submit" variant="light" size="sm" disabled={update.isPending || !draft.trim()}>
            <Plus aria-hidden="true" className="size-4" /> Add tag
          </Button>
        </form>
      ) : null}
    </section>
  );
}
