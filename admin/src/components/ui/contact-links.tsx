import { formatPhone } from '@barberly/common';
import { Mail, Phone } from 'lucide-react';
import { cn } from './cn';

/**
 * A client's phone and e-mail as links to call or write (the agenda's appointments, the waitlist's entries). The
 * number is written as the shop's country writes it (`country`, shopPhoneCountry): national at home, else
 * international (issue 28).
 */
export function ContactLinks({
  phone,
  email,
  country,
  className,
}: {
  phone: string;
  email: string;
  country?: string | null;
  className?: string;
}) {
  if (!phone && !email) return null;
  return (
    <div className={cn('mt-2 flex flex-col gap-1 text-sm text-neutral-600', className)}>
      {phone ? (
        <a href={`tel:${phone}`} className="inline-flex items-center gap-1.5 hover:text-neutral-900">
          <Phone aria-hidden="true" className="size-3.5" /> {formatPhone(phone, country)}
        </a>
      ) : null}
      {email ? (
        <a
          href={`mailto:${email}`}
          className="inline-flex min-w-0 items-center gap-1.5 break-all hover:text-neutral-900"
        >
          <Mail aria-hidden="true" className="size-3.5 shrink-0" /> {email}
        </a>
      ) : null}
    </div>
  );
}
