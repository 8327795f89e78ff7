/**
 * The shop page rendered without Vike on the request path (issue 29, decision 0182).
 *
 * Vike's renderPage (routing, hooks, page-context bookkeeping, catchInfiniteLoop, HTML injection) cost about a quarter
 * of a render in issue 12's profile. The shop page's HTML is a shell that is the same for every shop of a build with
 * five holes: the title tags, the head elements (the route's +Head and the style sheet), the description tags, the
 * root's HTML, and the page context's JSON. The shell is taken from one full Vike render per (page, theme) and build:
 * that render's own holes are computed here too, found in its HTML in order, and the text between them kept; the
 * shell is only kept if filling it back in gives Vike's bytes exactly. Later requests run the route's own data hook,
 * Page, Head, title and description (captured from that render, so the same modules) through React directly, with a
 * style sheet kept per (theme, colours, font) (style-sheets.ts), and fill the shell.
 *
 * Anything else (another route, a shop whose data is not a complete page, an abort, a theme with no shell yet) is
 * left to Vike. test/direct-render.test.ts compares the bytes with a full Vike render.
 */

import { stringify } from '@brillout/json-serializer/stringify';
import { type ComponentType, createElement, type ReactNode, StrictMode, Suspense } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StyleSheetManager, ThemeProvider } from 'styled-components';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import { SECTION_SLOT, type SectionSlot } from '../components/version-section';
import type { ShopLoad, StorefrontContext } from '../lib/storefront-context';
import { type KeptSheet, KeptSheets } from './style-sheets';

type AnyContext = Record<string, unknown> & { config: RouteConfig };

interface RouteConfig {
  data?: (pageContext: AnyContext) => unknown;
  title?: unknown;
  description?: unknown;
  Head?: unknown[];
  Layout?: ComponentType<{ children?: ReactNode }>[];
  Wrapper?: ComponentType<{ children?: ReactNode }>[];
  Loading?: { layout?: ComponentType };
  reactStrictMode?: boolean;
  styledComponents?: unknown;
}

/** What one Vike render of the shop route gives this module: the route's own code and its page context. */
interface Route {
  pageId: string;
  Page: ComponentType;
  config: RouteConfig;
  /** Vike's page context of that render: the prototype of the page contexts made here (config, globals). */
  base: AnyContext;
  /** Vike's response headers for the page (content type, cache control): the same for every shop. */
  headers: [string, string][];
}

/** How many shop versions (per host and day) keep their data and head: about 10 KB each. */
const VERSIONS_KEPT = 2_000;

interface Head {
  title: string;
  elements: string;
  description: string;
  json: string;
}

interface Section {
  html: string;
  /** The style names the section used, in order (style-sheets.ts replays them when the section is held). */
  log: [string, string][];
}

interface Kept {
  data: unknown;
  head: Head | null;
  /** Renders of this version on this host so far: its sections are kept from the second on (a sweep never pays). */
  renders: number;
  /** The sections that change only with the version (components/version-section.tsx), rendered once each. */
  sections: Map<string, Section>;
}

/** What a held section is written as until its HTML replaces it; NUL never occurs in a page's text. */
const NUL = String.fromCharCode(0);
const MARKER_START = `${NUL}barberly-section:`;
/** What React writes between two adjacent text nodes. */
const TEXT_SEPARATOR = '<!-- -->';

/** The page with each section marker replaced by the section's HTML. */
function withSections(html: string, sections: Map<string, Section>): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = html.indexOf(MARKER_START, at);
    if (start === -1) break;
    const end = html.indexOf(NUL, start + MARKER_START.length);
    if (end === -1) break;
    out += html.slice(at, start) + (sections.get(html.slice(start + MARKER_START.length, end))?.html ?? '');
    at = end + 1;
    // Two markers side by side are two text nodes to React, which separates them with an empty comment; the
    // sections they stand for are elements, which it does not separate.
    if (html.startsWith(TEXT_SEPARATOR + MARKER_START, at)) at += TEXT_SEPARATOR.length;
  }
  return at === 0 ? html : out + html.slice(at);
}

export interface DirectInput {
  slug: string;
  homeUrl: string;
  urlOriginal: string;
  storefront: StorefrontContext;
}

/** Vike's escapeHtml (vike/dist/utils/escapeHtml.js): what its escapeInject does to the title and description. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

function callable(value: unknown, pageContext: AnyContext): unknown {
  return typeof value === 'function' ? (value as (c: AnyContext) => unknown)(pageContext) : value;
}

/** Vike's page-context JSON for the page (serializeContext.js: passToClient, then its built-ins). */
function pageContextJson(pageContext: AnyContext): string {
  return stringify(
    {
      homeUrl: pageContext.homeUrl,
      pageId: pageContext.pageId,
      routeParams: pageContext.routeParams,
      data: pageContext.data,
      _pageContextInitIsPassedToClient: true,
    },
    { forbidReactElements: true, htmlScriptSafe: { escapeScripts: true, escapeURLs: true } },
  );
}

export class DirectRenderer {
  private route: Route | null = null;
  /** Shells by `${pageId}|${theme}`: the text between the holes (six parts for five holes). */
  private readonly shells = new Map<string, string[]>();
  /** (pageId, theme) pairs whose Vike render could not be matched: left to Vike for good (logged once). */
  private readonly refused = new Set<string>();
  private readonly sheets = new KeptSheets();
  /** The data hook's answer and the head per shop version and host (most recently used last). */
  private readonly versions = new Map<string, Kept>();
  /** Renders made here, and shells learnt (GET /_internal/stats). */
  direct = 0;

  constructor(private readonly log: (message: string, fields?: Record<string, unknown>) => void = () => {}) {}

  /** Shells held (one per theme once each theme was rendered by Vike). */
  get shellCount(): number {
    return this.shells.size;
  }

  /** Whether a Vike render of the shop route has given this path its code (the first shell). */
  get ready(): boolean {
    return this.route !== null;
  }

  /**
   * The page, or null when Vike must render it: the route's data hook (it reads the shop through the cache), then
   * the shell filled in. An abort (404, 503), data that is not a complete page, a theme with no shell yet, or any
   * failure here leaves the request to Vike.
   */
  async render(input: DirectInput): Promise<{ html: string; headers: [string, string][] } | null> {
    const route = this.route;
    if (!route?.config.data) return null;
    let load: ShopLoad;
    try {
      load = await input.storefront.loadShop(input.slug);
    } catch {
      return null;
    }
    if (load.status !== 'found') return null;
    const { shop } = load.page;
    // Everything the route's data hook reads: the shop's version, its URLs on this host, Go Home, and the day.
    const key = [
      input.slug,
      shop.version,
      input.storefront.shopUrl(input.slug, shop.customDomain),
      input.storefront.shopBase(input.slug),
      input.homeUrl,
      input.storefront.now.toISOString().slice(0, 10),
    ].join('|');
    let kept = this.versions.get(key);
    if (kept) {
      this.versions.delete(key);
      this.versions.set(key, kept);
    } else {
      const pageContext = this.context(route, input);
      let data: unknown;
      try {
        data = await route.config.data(pageContext);
      } catch {
        // An abort (404, 503): Vike renders the error page.
        return null;
      }
      kept = { data, head: null, renders: 0, sections: new Map() };
      this.versions.set(key, kept);
      if (this.versions.size > VERSIONS_KEPT) {
        const oldest = this.versions.keys().next().value;
        if (oldest !== undefined) this.versions.delete(oldest);
      }
    }
    try {
      const pageContext = this.context(route, input);
      const html = this.fill(route, pageContext, kept);
      return html === null ? null : { html, headers: route.headers };
    } catch (err) {
      this.log('direct render failed; Vike renders', { err: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  private context(route: Route, input: DirectInput): AnyContext {
    const pageContext = Object.create(route.base) as AnyContext;
    Object.assign(pageContext, {
      urlOriginal: input.urlOriginal,
      homeUrl: input.homeUrl,
      storefront: input.storefront,
      routeParams: { slug: input.slug },
      pageId: route.pageId,
      _configViaHook: undefined,
      _headAlreadySet: false,
    });
    return pageContext;
  }

  private fill(route: Route, pageContext: AnyContext, kept: Kept): string | null {
    const data = kept.data as { kind?: string; view?: { theme?: string; primaryColor?: string; font?: string } };
    if (data?.kind !== 'ok' || !data.view) return null;
    const shell = this.shells.get(`${route.pageId}|${data.view.theme}`);
    if (!shell) return null;
    pageContext.data = data;
    const sheet = this.sheets.get(`${data.view.theme}|${data.view.primaryColor}|${data.view.font}`);
    const root = this.body(route, pageContext, sheet, kept.renders++ > 0 ? kept.sections : null);
    const head = kept.head ?? this.head(route, pageContext);
    kept.head = head;
    this.direct++;
    const elements = root.css ? head.elements + root.css : head.elements.replace(/\n$/, '');
    const holes = [head.title, elements, head.description, root.html, head.json];
    let html = shell[0] ?? '';
    for (let i = 0; i < holes.length; i++) html += holes[i] + (shell[i + 1] ?? '');
    return html;
  }

  /** The page's holes that change only with the shop's version (and this host): title, +Head, description, JSON. */
  private head(route: Route, pageContext: AnyContext): Head {
    const { config } = route;
    const strict = config.reactStrictMode !== false;
    // vike-react's getHeadHtml(): title, +Head elements, then the style element useConfig() added (by fill()).
    const title = callable(config.title, pageContext);
    const description = callable(config.description, pageContext);
    const elements = (config.Head ?? [])
      .filter((Head) => Head !== null && Head !== undefined)
      .map((Head) => {
        let el: ReactNode = createElement(Provider, { pageContext }, createElement(Head as ComponentType));
        if (strict) el = createElement(StrictMode, null, el);
        return renderToStaticMarkup(el);
      })
      .join('\n');
    const t = typeof title === 'string' && title ? escapeHtml(title) : null;
    const d = typeof description === 'string' && description ? escapeHtml(description) : null;
    return {
      title: t ? `<title>${t}</title><meta property="og:title" content="${t}" />` : '',
      // The style element follows the +Head elements, joined by a line break (holes()).
      elements: elements ? `${elements}\n` : '',
      description: d
        ? `<meta name="description" content="${d}" /><meta property="og:description" content="${d}" />`
        : '',
      json: `<script id="vike_pageContext" type="application/json">${pageContextJson(pageContext)}</script>`,
    };
  }

  /** The root's HTML and the style element, rendered by React for this request with a kept style sheet. */
  private body(
    route: Route,
    pageContext: AnyContext,
    sheet: KeptSheet,
    sections: Map<string, Section> | null,
  ): { html: string; css: string } {
    const { config } = route;
    pageContext.styledComponents = { sheet: { instance: sheet.instance } };
    // vike-react's getPageElement(), with the route's own Page, Layouts and Wrappers (the styled-components Wrapper
    // hands the kept sheet to StyleSheetManager).
    const Loading = config.Loading;
    const suspense = (el: ReactNode): ReactNode =>
      Loading?.layout ? createElement(Suspense, { fallback: createElement(Loading.layout) }, el) : el;
    let page: ReactNode = suspense(createElement(route.Page));
    for (const Wrap of [...(config.Layout ?? []), ...(config.Wrapper ?? [])]) {
      page = suspense(createElement(Wrap, null, page));
    }
    page = createElement(Provider, { pageContext }, page);
    page = createElement(RenderPromise, null, page);
    if (config.reactStrictMode !== false) page = createElement(StrictMode, null, page);
    // The version's sections: held ones are written as markers (their styles noted as used), the others rendered
    // in full and, after the page, alone to be kept (components/version-section.tsx).
    const fresh: { name: string; children: ReactNode; theme: unknown }[] = [];
    if (sections) {
      const slot: SectionSlot = {
        held: (name) => {
          const section = sections.get(name);
          if (!section) return null;
          sheet.replay(section.log);
          return `${MARKER_START}${name}${NUL}`;
        },
        rendered: (name, children, theme) => {
          fresh.push({ name, children, theme });
        },
      };
      (globalThis as { [SECTION_SLOT]?: SectionSlot })[SECTION_SLOT] = slot;
    }
    sheet.begin();
    let html: string;
    let css: string;
    try {
      html = renderToString(page);
    } finally {
      css = sheet.end();
      delete (globalThis as { [SECTION_SLOT]?: SectionSlot })[SECTION_SLOT];
    }
    if (sections) {
      html = withSections(html, sections);
      for (const { name, children, theme } of fresh)
        this.keepSection(sections, name, children, theme, sheet, pageContext, html);
    }
    return {
      html: `<div id="root">${html}</div>`,
      css: css ? `<style data-styled="" data-styled-version="6.6.0">${css}</style>` : '',
    };
  }

  /**
   * Renders a section alone (same theme, sheet and page context as in the page) and keeps it for the version, if its
   * HTML is found as such in the page just rendered (else it is rendered with the page every time).
   */
  private keepSection(
    sections: Map<string, Section>,
    name: string,
    children: ReactNode,
    theme: unknown,
    sheet: KeptSheet,
    pageContext: AnyContext,
    page: string,
  ): void {
    if (sections.has(name)) return;
    const element = createElement(
      Provider,
      { pageContext },
      createElement(
        StyleSheetManager,
        { sheet: sheet.instance as never },
        createElement(ThemeProvider, { theme: theme as never }, children),
      ),
    );
    sheet.startLog();
    let html: string;
    let log: [string, string][];
    try {
      html = renderToString(element);
    } finally {
      log = sheet.stopLog();
    }
    // Only a section that is elements from end to end stands in for a marker byte for byte (a marker is a text node:
    // React would separate it from a neighbouring text, where it does not separate an element).
    // An empty section (the global style: rules only, no HTML) stands for nothing between two elements.
    const elements =
      html === '' ||
      (html.startsWith('<') &&
        !html.startsWith(TEXT_SEPARATOR) &&
        html.endsWith('>') &&
        !html.endsWith(TEXT_SEPARATOR));
    if (elements && page.includes(html)) sections.set(name, { html, log });
  }

  /** The five holes of a page, in the order they appear in Vike's HTML. */
  private holes(route: Route, pageContext: AnyContext, sheet: KeptSheet): string[] {
    const root = this.body(route, pageContext, sheet, null);
    const head = this.head(route, pageContext);
    // Without a style element the +Head elements stand alone (no line break after them).
    const elements = root.css ? head.elements + root.css : head.elements.replace(/\n$/, '');
    return [head.title, elements, head.description, root.html, head.json];
  }

  /**
   * Learns from a full Vike render of the shop route: the route's code (first time) and the shell for its
   * (page, theme). `pageContext` is what renderPage returned, `html` its body.
   */
  learn(vikeContext: Record<string, unknown>, input: DirectInput): void {
    const response = vikeContext.httpResponse as { statusCode: number; body: string; headers: [string, string][] };
    if (response?.statusCode !== 200 || typeof response.body !== 'string') return;
    const html = response.body;
    const pageId = vikeContext.pageId;
    const Page = vikeContext.Page;
    const config = vikeContext.config as RouteConfig | undefined;
    const data = vikeContext.data as
      | { kind?: string; view?: { theme?: string; primaryColor?: string; font?: string } }
      | undefined;
    if (typeof pageId !== 'string' || typeof Page !== 'function' || !config || data?.kind !== 'ok') return;
    const key = `${pageId}|${data.view?.theme}`;
    if (this.shells.has(key) || this.refused.has(key)) return;
    const route: Route =
      this.route?.pageId === pageId
        ? this.route
        : {
            pageId,
            Page: Page as ComponentType,
            config,
            base: vikeContext as AnyContext,
            headers: response.headers.map(([name, value]) => [name, value] as [string, string]),
          };
    const pageContext = this.context(route, input);
    pageContext.data = vikeContext.data;
    let holes: string[];
    try {
      const sheet = this.sheets.get(`${data.view?.theme}|${data.view?.primaryColor}|${data.view?.font}`);
      holes = this.holes(route, pageContext, sheet);
    } catch (err) {
      this.refuse(key, `rendering the holes failed: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const shell: string[] = [];
    let at = 0;
    for (const hole of holes) {
      const found = hole === '' ? at : html.indexOf(hole, at);
      if (found === -1) {
        this.refuse(key, `part not found in Vike's HTML: ${hole.slice(0, 80)}`);
        return;
      }
      shell.push(html.slice(at, found));
      at = found + hole.length;
    }
    shell.push(html.slice(at));
    let rebuilt = shell[0] ?? '';
    for (let i = 0; i < holes.length; i++) rebuilt += holes[i] + (shell[i + 1] ?? '');
    if (rebuilt !== html) {
      this.refuse(key, 'the shell filled in differs from Vike');
      return;
    }
    this.route = route;
    this.shells.set(key, shell);
  }

  private refuse(key: string, reason: string): void {
    this.refused.add(key);
    this.log('direct render off for a page; Vike renders it', { page: key, reason });
  }
}

/** vike-react's page-context provider (what usePageContext() and useData() read). */
const Provider = VikeReactProviderPageContext as unknown as ComponentType<{
  pageContext: unknown;
  children?: ReactNode;
}>;

/** vike-react's VikeReactProviderRenderPromise on the server: its effect never runs there. */
function RenderPromise({ children }: { children?: ReactNode }) {
  return children;
}

/** The shop page's URL exactly as Vike routes it ('/shop/{slug}', any query): the only URL rendered here. */
export function directInput(
  request: { url: string; slug: string | null; homeUrl: string },
  storefront: StorefrontContext,
): DirectInput | null {
  if (!request.slug) return null;
  const q = request.url.indexOf('?');
  const path = q === -1 ? request.url : request.url.slice(0, q);
  if (path !== `/shop/${request.slug}`) return null;
  return { slug: request.slug, homeUrl: request.homeUrl, urlOriginal: request.url, storefront };
}

interface VikeResult {
  httpResponse: { statusCode: number; headers: [string, string][]; body: string } | null;
}

/**
 * The shop page through the direct path when it can, else through Vike (whose render of the shop route then teaches
 * the direct path its shell). Returns what renderPage would.
 */
export async function renderThrough(
  direct: DirectRenderer | null | undefined,
  input: DirectInput | null,
  vike: () => Promise<unknown>,
): Promise<VikeResult> {
  if (direct && input) {
    const page = await direct.render(input);
    if (page) return { httpResponse: { statusCode: 200, headers: page.headers, body: page.html } };
  }
  const pageContext = (await vike()) as VikeResult & Record<string, unknown>;
  if (direct && input) direct.learn(pageContext, input);
  return pageContext;
}
