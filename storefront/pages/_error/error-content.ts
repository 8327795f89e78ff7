import type { StorefrontAbortReason } from '../../lib/storefront-context';

export interface ErrorContent {
  title: string;
  message: string;
  details?: string;
  notice?: { title: string; text: string };
}

function isReason(value: unknown): value is StorefrontAbortReason {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

/** The spec's error screens, chosen from what the page threw (render(404, reason)) or Vike's own 404/500. */
export function errorContent(pageContext: { is404?: boolean | null; abortReason?: unknown }): ErrorContent {
  const reason = pageContext.abortReason;
  if (isReason(reason)) {
    if (reason.kind === 'shop-load-failed') {
      return {
        title: 'Shop Not Found',
        message: "Sorry, we couldn't find this barbershop.",
        notice: { title: 'Error loading shop', text: 'Failed to load shop data. Please try again later.' },
      };
    }
    if (reason.kind === 'shop-not-found') {
      return {
        title: 'Shop Not Found',
        message: "Sorry, we couldn't find this barbershop.",
        details: `No barbershop is published at “${reason.slug}”.`,
      };
    }
    return {
      title: 'Page Not Found',
      message: `There is no demo called “${reason.theme}”. Try classic, urban or minimalist.`,
    };
  }
  if (pageContext.is404) {
    return { title: 'Page Not Found', message: "Sorry, the page you're looking for doesn't exist." };
  }
  return { title: 'Something went wrong', message: 'Please try again in a moment.' };
}
