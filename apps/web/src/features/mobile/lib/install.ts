/**
 * What makes /mobile an installable app, set up by the page itself (the desktop's pages stay as
 * they are): the manifest link, the theme colour, and the service worker, scoped to /mobile.
 */
export const SW_URL = '/mobile-sw.js';
export const SW_SCOPE = '/mobile';

function headElement(tag: 'link' | 'meta', attributes: Record<string, string>): () => void {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.dataset.mobileApp = 'true';
  document.head.append(element);
  return () => element.remove();
}

/** Adds the manifest link and phone meta tags; the returned function takes them away again. */
export function installHead(): () => void {
  const removers = [
    headElement('link', { rel: 'manifest', href: '/manifest.webmanifest' }),
    headElement('meta', { name: 'theme-color', content: '#1f4fd1' }),
    headElement('link', { rel: 'apple-touch-icon', href: '/mobile-icon.svg' }),
    headElement('meta', { name: 'apple-mobile-web-app-capable', content: 'yes' }),
  ];
  return () => removers.forEach((remove) => remove());
}

/** The hashed files this page has loaded so far (scripts, styles, lazily loaded chunks). */
function loadedAssets(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, window.location.href);
    if (url.origin === window.location.origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname);
  }
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    'script[src], link[rel="stylesheet"][href], link[rel="modulepreload"][href]',
  )) {
    const url = new URL('src' in element ? element.src : element.href, window.location.href);
    if (url.origin === window.location.origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname);
  }
  return [...urls];
}

/**
 * Registers the service worker (scope /mobile) and hands it the files already loaded: those the
 * page fetched before the worker took over are cached too, so the page opens offline next time.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'cache-assets', urls: loadedAssets() });
  } catch (error) {
    console.warn('The offline copy of the signer could not be set up', error);
  }
}

/** Asks the worker to keep what was loaded since (e.g. a language's texts). */
export function keepLoadedAssets(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'cache-assets', urls: loadedAssets() });
}
