import { formatPhone } from '@barberly/common';
import { X } from 'lucide-react';
import { forwardRef, type KeyboardEvent, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useClientSearch } from '../api/messaging-api';

/** Who a text goes to: a client of the shop (name when known) and their number, E.164. */
export interface TextRecipient {
  name: string | null;
  phone: string;
}

export interface ClientPickerHandle {
  focus: () => void;
}

/** Waits for the owner to stop typing before searching (one request per pause, not per key). */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * "To": the owner picks one of the shop's clients by name (issue 28), searched as they type (the Clients tab's
 * search), never a bare phone field. A combobox in the ARIA pattern: arrows move, Enter picks, Escape closes. Once
 * picked, the client shows with a button to change them.
 */
export const ClientPicker = forwardRef<
  ClientPickerHandle,
  {
    shopId: string;
    value: TextRecipient | null;
    onChange: (recipient: TextRecipient | null) => void;
    phoneCountry?: string;
    error?: string;
    disabled?: boolean;
  }
>(function ClientPicker({ shopId, value, onChange, phoneCountry, error, disabled }, ref) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const debouncedQuery = useDebounced(query, 250);
  const search = useClientSearch(shopId, debouncedQuery);
  const matches = (query.trim() ? search.data : undefined) ?? [];

  useImperativeHandle(ref, () => ({
    focus: () => (value ? changeRef.current : inputRef.current)?.focus(),
  }));

  const pick = (index: number) => {
    const client = matches[index];
    if (!client) return;
    onChange({ name: client.name, phone: client.phone });
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((n) => Math.min(n + 1, Math.max(matches.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((n) => Math.max(n - 1, 0));
    } else if (event.key === 'Enter' && open && matches.length > 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  if (value) {
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="text-sm font-medium text-neutral-800" id={`${id}-label`}>
          To
        </span>
        <div className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg border border-neutral-300 bg-white px-3">
          <span className="min-w-0 flex-1 truncate text-sm text-neutral-900" data-testid="text-recipient">
            {value.name ? `${value.name} · ` : ''}
            {formatPhone(value.phone, phoneCountry)}
          </span>
          <Button
            ref={changeRef}
            variant="light"
            size="sm"
            disabled={disabled}
            aria-label={`Change client (now ${value.name ?? formatPhone(value.phone, phoneCountry)})`}
            onClick={() => {
              onChange(null);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            <X aria-hidden="true" className="size-4" /> Change
          </Button>
        </div>
      </div>
    );
  }

  const showList = open && query.trim().length > 0;
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(' ');
  return (
    <div className="relative flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        To
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Search your clients by name"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        className={cn(
          'h-11 rounded-lg border border-neutral-300 bg-white px-3 text-base text-neutral-900 outline-none placeholder:text-neutral-500 focus-visible:ring-2 focus-visible:ring-amber-400 disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm',
          error && 'border-red-500',
        )}
      />
      <p id={hintId} className="text-xs text-neutral-600">
        Clients who booked with a phone number, or texted you.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div
        hidden={!showList}
        className="absolute top-[4.75rem] z-10 max-h-64 w-full overflow-y-auto rounded-lg border border-neutral-200 bg-white py-1 shadow-lg"
      >
        <div id={listId} role="listbox" aria-label="Matching clients">
          {matches.map((client, index) => (
            // Options are chosen from the combobox's keyboard (arrows and Enter, aria-activedescendant) or by pointer.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options
            <div
              key={client.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(index)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer flex-wrap justify-between gap-x-3 px-3 py-2 text-sm',
                index === active ? 'bg-amber-100 text-neutral-950' : 'text-neutral-900',
              )}
            >
              <span className="font-medium">{client.name}</span>
              <span className="text-neutral-700">{formatPhone(client.phone, phoneCountry)}</span>
            </div>
          ))}
        </div>
        <p aria-live="polite" className="px-3 text-sm text-neutral-700 empty:hidden">
          {matches.length > 0
            ? ''
            : search.isError
              ? `The search failed: ${search.error.message}`
              : search.isFetching || query !== debouncedQuery
                ? 'Searching…'
                : `No client with a phone number matches “${query.trim()}”.`}
        </p>
      </div>
    </div>
  );
});
