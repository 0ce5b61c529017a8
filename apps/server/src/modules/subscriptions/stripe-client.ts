import Stripe from 'stripe';
import type { AppConfig } from '../../config';

const clients = new WeakMap<AppConfig, Stripe>();

/** Card payments are offered when Stripe is configured (the webhook secret is required with the key at boot). */
export const cardPaymentsEnabled = (config: AppConfig): boolean =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);

/** STRIPE_API_URL as the client's host, port and protocol (its path is always /v1/). */
export function stripeEndpoint(url: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** One Stripe client per configuration (null without STRIPE_SECRET_KEY). */
export function stripeClient(config: AppConfig): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      ...stripeEndpoint(config.STRIPE_API_URL),
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(config, client);
  }
  return client;
}
