/**
 * styled-components' style sheets kept across renders (issue 29, decision 0182).
 *
 * A fresh ServerStyleSheet per request sends every rule of every component through stylis again (19.6% of a render
 * in issue 12's profile). A sheet kept per (theme, colours, font) holds the names it has seen, so styled-components
 * skips stylis for them (`hasNameForId`). The page must still print exactly what a fresh sheet would: only the rules
 * this render used, groups in registration order, names in the order this render first used them. The kept sheet
 * records, for one render at a time, every name it is asked about and holds (used) or given (inserted), and keeps
 * each name's formatted rules to print them in that order.
 */
import { __PRIVATE__ } from 'styled-components';

/** styled-components' StyleSheet, as far as this module uses it (`__PRIVATE__.StyleSheet`, not in its types). */
interface ScSheet {
  gs: Record<string, number>;
  names: Map<string, Set<string>>;
  hasNameForId(id: string, name: string): boolean;
  insertRules(id: string, name: string, rules: string[]): void;
  clearRules(id: string): void;
}
interface ScSheetClass {
  new (options: { isServer: boolean }): ScSheet;
  registerId(id: string): number;
}

const StyleSheet = (__PRIVATE__ as unknown as { StyleSheet: ScSheetClass }).StyleSheet;
/** The separator styled-components writes after every rule (SPLITTER). */
const SPLITTER = '/*!sc*/\n';
const SC_ATTR = 'data-styled';

/** One render's use of a kept sheet: names per component id, in first-use order. */
type Used = Map<string, string[]>;

export class KeptSheet {
  /** Hand this to StyleSheetManager's `sheet`. */
  readonly instance: ScSheet;
  /** `${id}\n${name}` -> the name's rules, each followed by the splitter, as a fresh sheet prints them. */
  private readonly rules = new Map<string, string>();
  private used: Used | null = null;

  constructor() {
    const sheet = new StyleSheet({ isServer: true });
    const hasNameForId = sheet.hasNameForId.bind(sheet);
    const insertRules = sheet.insertRules.bind(sheet);
    sheet.hasNameForId = (id, name) => {
      const held = hasNameForId(id, name);
      // A held name is used by this render (styled-components only asks about the name it is about to use).
      if (held) this.note(id, name);
      return held;
    };
    sheet.insertRules = (id, name, rules) => {
      insertRules(id, name, rules);
      let text = '';
      for (const rule of rules) text += rule + SPLITTER;
      this.rules.set(`${id}\n${name}`, text);
      this.note(id, name);
    };
    this.instance = sheet;
  }

  /** Every name noted while a section renders alone (direct-render.ts), repeats included, to replay on a hit. */
  private log: [string, string][] | null = null;

  private note(id: string, name: string): void {
    this.log?.push([id, name]);
    const used = this.used;
    if (!used) return;
    const names = used.get(id);
    if (!names) used.set(id, [name]);
    else if (!names.includes(name)) names.push(name);
  }

  /** Starts recording one render (renders are synchronous: one at a time per process). */
  begin(): void {
    this.used = new Map();
    // Global styles number their instances per sheet (allocateGSInstance): a fresh sheet starts at 1 every time.
    this.instance.gs = {};
  }

  /** Starts logging the names a section uses (its render alone, after the page's). */
  startLog(): void {
    this.log = [];
    // A global style rendered alone must get the instance number it has in a page (1), as in begin().
    this.instance.gs = {};
  }

  stopLog(): [string, string][] {
    const log = this.log ?? [];
    this.log = null;
    return log;
  }

  /** A held section stands in the page: the names it used count as used by this render, in its order. */
  replay(log: [string, string][]): void {
    for (const [id, name] of log) this.note(id, name);
  }

  /** The style sheet's text as a fresh ServerStyleSheet would print it for the render just recorded. */
  end(): string {
    const used = this.used ?? new Map<string, string[]>();
    this.used = null;
    const groups: { group: number; id: string; names: string[] }[] = [];
    for (const [id, names] of used) groups.push({ group: StyleSheet.registerId(id), id, names });
    groups.sort((a, b) => a.group - b.group);
    let out = '';
    for (const { group, id, names } of groups) {
      let css = '';
      let list = '';
      for (const name of names) {
        css += this.rules.get(`${id}\n${name}`) ?? '';
        if (name.length > 0) list += `${name},`;
      }
      // Group 0 is never printed by styled-components, nor a group without rules.
      if (group === 0 || css.length === 0) continue;
      out += `${css}${SC_ATTR}.g${group}[id="${id}"]{content:"${list}"}${SPLITTER}`;
    }
    return out;
  }
}

/** Kept sheets by (theme, colours, font), least recently used dropped past `max`. */
export class KeptSheets {
  private readonly sheets = new Map<string, KeptSheet>();
  constructor(private readonly max = 256) {}

  get(key: string): KeptSheet {
    let sheet = this.sheets.get(key);
    if (sheet) {
      this.sheets.delete(key);
    } else {
      sheet = new KeptSheet();
      if (this.sheets.size >= this.max) {
        const oldest = this.sheets.keys().next().value;
        if (oldest !== undefined) this.sheets.delete(oldest);
      }
    }
    this.sheets.set(key, sheet);
    return sheet;
  }

  get size(): number {
    return this.sheets.size;
  }
}
