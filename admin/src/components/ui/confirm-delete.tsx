import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize } from './button';

/** 'Delete this service?' with Cancel and the destructive button, in place of the button that asked. */
export function ConfirmDelete({
  label,
  question,
  pending,
  onConfirm,
  accessibleLabel,
  size = 'md',
  pendingLabel = 'Deleting...',
}: {
  label: string;
  question: string;
  pending: boolean;
  onConfirm: () => void;
  /** The asking button's name when its label alone is ambiguous (one per list item). */
  accessibleLabel?: string;
  /** The asking button's size: 'sm' beside other small buttons in a list item. */
  size?: ButtonSize;
  pendingLabel?: string;
}) {
  const [asking, setAsking] = useState(false);
  // The button that was pressed goes away: keyboard focus moves to Keep, and back to the asking button after Keep.
  const toggled = useRef(false);
  const askRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (toggled.current) (asking ? keepRef : askRef).current?.focus();
  }, [asking]);
  const ask = (value: boolean) => {
    toggled.current = true;
    setAsking(value);
  };
  if (!asking) {
    return (
      <Button
        ref={askRef}
        variant="light"
        size={size}
        className="w-full text-red-700 sm:w-auto"
        aria-label={accessibleLabel}
        onClick={() => ask(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" /> {label}
      </Button>
    );
  }
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">{question}</p>
      <div className="mt-3 flex gap-2">
        <Button ref={keepRef} variant="light" size="sm" onClick={() => ask(false)} disabled={pending}>
          Keep
        </Button>
        <Button variant="danger" size="sm" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : `Yes, ${label.toLowerCase()}`}
        </Button>
      </div>
    </div>
  );
}
