import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { BookingMailQueue } from '../mail/mail-queue';

/** What the payments module runs on (issue 27). */
export interface PaymentsDeps {
  dataSource: DataSource;
  config: Pick<
    Config,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_API_URL'
    | 'STRIPE_CONNECT_WEBHOOK_SECRET'
    | 'PAYMENTS_APPLICATION_FEE_BPS'
    | 'PUBLIC_ORIGIN'
    | 'APP_DOMAIN'
  > &
    Partial<Pick<Config, 'DEFAULT_PHONE_COUNTRY'>>;
  now: () => Date;
  logger: Logger;
  mailQueue: BookingMailQueue;
}

const clients = new Map<string, Stripe>();

/**
 * Stripe's SDK for shops' takings: only STRIPE_SECRET_KEY is needed, whatever BILLING says (the platform's own plans
 * are another matter). STRIPE_API_URL points it at the fake in tests. Calls on a shop's account pass
 * `{stripeAccount}` (the Stripe-Account header): direct charges, never the platform's balance.
 */
export function paymentsStripe(config: PaymentsDeps['config']): Stripe | null {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) return null;
  const cacheKey = `${key}|${config.STRIPE_API_URL ?? ''}`;
  const cached = clients.get(cacheKey);
  if (cached) return cached;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const stripe = new Stripe(key, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  clients.set(cacheKey, stripe);
  return stripe;
}

/** Digits after the point Stripe counts in (JPY none, USD two): its amounts are in the currency's minor unit. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export const toMinor = (amount: number, currency: string) => Math.round(amount * 10 ** currencyDigits(currency));
export const fromMinor = (amount: number, currency: string) => amount / 10 ** currencyDigits(currency);

/** The platform's share of a charge (PAYMENTS_APPLICATION_FEE_BPS), in minor units. */
export function applicationFee(config: PaymentsDeps['config'], minor: number): number {
  return Math.floor((minor * (config.PAYMENTS_APPLICATION_FEE_BPS ?? 0)) / 10_000);
}
