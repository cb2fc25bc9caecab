/**
 * createOmniParser: the stream stage, the line reader, the line checks and the document index put together,
 * with the screen's signals ([3]–[7]) and updates after the end ([10.29]–[10.34]).
 */
import { createLineStream, type LineHandlers, type LineStream } from '../stream/lineStream.js';
import { canonicalResult } from './canonical.js';
import { DocumentIndex } from './documentIndex.js';
import { LineIntake, makeIssue } from './intake.js';
import { E_COMPONENT, E_STATE, type Registries } from './lineCheck.js';
import { keptList, SKIP } from './lineReader.js';
import { checkFamilies } from './pictures.js';
import { Screen } from './screen.js';
import { appSpecs, catalogSpecMap, LIMITS, type Spec } from './specs.js';
import type { CanonicalResult, Issue, OmniParser, OmniRegistries, UpdateResult } from './types.js';
import { applyUpdate } from './update.js';
import { isNewerVersion } from './version.js';

function names(x: unknown, what: string): Set<string> {
  if (x === undefined || x === null) return new Set();
  if (typeof x === 'string') throw new TypeError(`${what} must be a list of names or an object keyed by name, not a string`);
  const list: unknown[] =
    x instanceof Map
      ? [...x.keys()]
      : typeof (x as Iterable<unknown>)[Symbol.iterator] === 'function'
        ? [...(x as Iterable<unknown>)]
        : typeof x === 'object'
          ? Object.keys(x)
          : [x];
  for (const n of list) if (typeof n !== 'string') throw new TypeError(`${what} must hold names (text)`);
  return new Set(list as string[]);
}

/** The app's registries, checked and ready to use; throws TypeError for a malformed one ([5.27]). */
export function compileRegistries(r: OmniRegistries = {}): Registries {
  if (typeof r !== 'object' || r === null) throw new TypeError('registries must be an object');
  const app = appSpecs(r.components);
  let specs: ReadonlyMap<string, Spec> = catalogSpecMap();
  if (app.size) specs = new Map([...specs, ...app]);
  return { specs, tools: names(r.tools, 'tools'), assets: names(r.assets, 'assets'), families: checkFamilies(r.pictures) };
}

/**
 * Hands the stream stage's lines to the parser. A class, not an object literal, and cut loose at the end: V8 may
 * pretenure the stream stage's own objects, and an old object pointing at the parser would keep every young
 * object of a finished screen alive until a full collection.
 */
class LineSink implements LineHandlers {
  constructor(public parser: Parser | null) {}
  line(text: string, n: number): void {
    this.parser?.line(text, n);
  }
  tooLong(n: number): void {
    this.parser?.tooLong(n);
  }
}

class Parser implements OmniParser {
  private readonly all: Issue[] = keptList();
  private readonly listeners = new Set<(issue: Issue) => void>();
  private readonly intake: LineIntake;
  private readonly stream: LineStream;
  private readonly screen: Screen;
  private readonly found: Issue[] = keptList();
  private readonly sink: LineSink;
  private streamIssues = -1;
  /** `code id` of each error the screen has now, for updates ([10.33]). */
  private errorsNow = new Set<string>();

  constructor(reg: Registries) {
    this.intake = new LineIntake(reg);
    this.screen = new Screen(this.all);
    this.sink = new LineSink(this);
    this.stream = createLineStream(this.sink, LIMITS.lineLength);
  }

  get document(): Screen {
    return this.screen;
  }

  get issues(): readonly Issue[] {
    return this.screen.issues;
  }

  get ended(): boolean {
    return this.stream.ended;
  }

  onIssue(listener: (issue: Issue) => void): () => void {
    const l = (issue: Issue) => listener(issue);
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }

  write(chunk: string | Uint8Array | ArrayBuffer): void {
    this.stream.write(chunk);
  }

  end(): void {
    if (this.stream.ended) return;
    this.stream.end();
    const index = this.screen.index;
    for (const f of index.endIssues()) {
      this.emit(makeIssue(f.code, f.line, f.message, f.id));
      this.errorsNow.add(`${f.code} ${f.id ?? ''}`);
    }
    this.streamIssues = this.all.length;
    this.screen.setEnded();
    // The stream stage is done: cut its link to this parser, so a screen that is dropped can be collected young.
    this.sink.parser = null;
  }

  update(text: string): UpdateResult {
    if (!this.stream.ended) {
      throw new Error('update() applies only to a screen whose stream has ended ([10.29]); call end() first');
    }
    if (typeof text !== 'string') throw new TypeError('update() takes the update as text');
    // A byte order mark starts no token, in an update as in a stream.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const out = applyUpdate(this.screen.index, text, this.intake, this.errorsNow);
    if (out.index) this.swap(out.index);
    if (out.errors) this.errorsNow = out.errors;
    for (const i of out.issues) this.emit(i);
    return { applied: out.index !== null, issues: out.issues };
  }

  result(): CanonicalResult {
    const issues = this.streamIssues < 0 ? this.all : this.all.slice(0, this.streamIssues);
    return canonicalResult(this.screen.index, issues);
  }

  /** A line too long to read ([3.7]). */
  tooLong(n: number): void {
    this.emit(makeIssue('line_too_long', n, `line ${n} is longer than ${LIMITS.lineLength} characters and was skipped`));
  }

  /** A complete line from the stream stage. */
  line(text: string, n: number): void {
    // A byte order mark starts no token: drop it, whether the stream came as bytes (the decoder drops it) or text.
    if (n === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const found = this.found;
    const e = this.intake.read(text, n, found);
    if (e === SKIP) {
      if (n === 1 && isNewerVersion(text)) {
        this.emit(makeIssue('newer_version', 1, 'the version marker names a newer Omni-IR format than this parser reads (0.8); the rest is read as usual'));
        this.screen.setNewer();
      }
      return;
    }
    const index = this.screen.index;
    if (found.length) {
      for (const i of found) this.emit(i);
      // The line was refused: a reference to its id will say so, not that it never arrived.
      const why = found[found.length - 1]!;
      if (!e && why.id !== undefined && why.severity === 'error') index.refused(why.id, n, why.code);
      found.length = 0;
    }
    if (!e) return;
    if (!index.accept(e)) {
      this.emit(makeIssue(index.code, n, index.message, e.id));
      index.refused(e.id, n, index.code);
      return;
    }
    if (e.t === E_STATE) this.screen.touchState(e.id);
    else {
      this.screen.touchNode(e.id, e);
      if (e.t === E_COMPONENT) {
        this.screen.idsChanged();
        this.screen.childMoved(e.id);
      } else this.screen.touchMutation(e.target);
    }
    this.screen.commit();
  }

  private emit(issue: Issue): void {
    this.all.push(issue);
    this.screen.issueAdded();
    for (const l of this.listeners) {
      try {
        l(issue);
      } catch (err) {
        // A listener's failure is the app's bug: report it the way an event listener's is, and carry on.
        const report = (globalThis as { reportError?: (e: unknown) => void }).reportError;
        if (typeof report === 'function') report(err);
        else {
          queueMicrotask(() => {
            throw err;
          });
        }
      }
    }
  }

  /** After an applied update: the new index, and only the signals whose values changed ([8.8]). */
  private swap(next: DocumentIndex): void {
    const screen = this.screen;
    const prev = screen.index;
    screen.index = next;
    for (const e of prev.entries()) if (next.entry(e.id) !== e) screen.touchNode(e.id);
    for (const { id } of next.entries()) if (!prev.entry(id)) screen.touchNode(id);
    // A component that arrived or went: its parent, before and after, draws its children again.
    const written = (x: DocumentIndex, id: string) => x.entry(id)?.t === E_COMPONENT;
    for (const { id } of prev.entries()) if (written(prev, id) !== written(next, id)) screen.childMoved(id, prev);
    for (const { id } of next.entries()) {
      if (written(prev, id) !== written(next, id)) screen.childMoved(id, next);
      else if (written(next, id) && prev.parentOf(id) !== next.parentOf(id)) {
        screen.childMoved(id, prev);
        screen.childMoved(id, next);
      }
    }
    for (const [b, m] of prev.governor) if (next.governor.get(b) !== m) screen.touchMutation(b);
    for (const b of next.governor.keys()) if (!prev.governor.has(b)) screen.touchMutation(b);
    for (const [k, s] of next.state) if (!Object.is(prev.value(k), s.value)) screen.touchState(k);
    const ids = (x: DocumentIndex) => x.order.filter((e) => e.t === E_COMPONENT).map((e) => e.id);
    const before = ids(prev);
    const after = ids(next);
    if (before.length !== after.length || after.some((id, i) => id !== before[i])) screen.idsChanged();
    screen.commit();
  }
}

/**
 * Creates a parser for one screen. `registries` are the app's tools, pictures, picture families and own
 * components; a malformed declaration throws a TypeError here, never while a stream is read ([5.27]).
 */
export function createOmniParser(registries?: OmniRegistries): OmniParser {
  return new Parser(compileRegistries(registries));
}
