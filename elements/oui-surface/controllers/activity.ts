/**
 * What an agent is doing on the surface now, for the indicator: one entry per request from the moment it is
 * confirmed or run until its final result, with its progress. The person hears, politely, when an action
 * starts, when its progress passes a quarter, and how it ended; they don't hear about requests refused before
 * they ran (they never saw those start).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Signal } from '../../shared/base/signals.js';
import { fill } from '../../../src/actions/index.js';
import type { OUIActivity, OUIAction, OUIActionRequest } from '../../../src/oui/index.js';
import type { Strings } from '../../../strings/en.js';
import type { AnnouncerController } from '../../shared/controllers/announcer.js';
import { shownDescription } from '../views/activityWords.js';

/** One request the indicator shows. */
export interface Activity {
  readonly request: OUIActionRequest;
  readonly action: OUIAction;
  /**
   * `queued`: it needs the person and waits behind the question open now; `confirm`: the person is being asked;
   * `run`: the handler runs; `progress`: an async action is followed.
   */
  readonly phase: 'queued' | 'confirm' | 'run' | 'progress';
  /** 0–100 once an interim result said so. */
  readonly progress?: number;
}

export class ActivityController implements ReactiveController {
  readonly #list = new Signal.State<readonly Activity[]>([]);
  /** Requests the person stopped, so their end is said as a stop, not a failure. */
  readonly #stopped = new Set<string>();
  /** The last quarter of progress said for each request. */
  readonly #said = new Map<string, number>();

  constructor(
    host: ReactiveControllerHost,
    private readonly announcer: AnnouncerController,
    private readonly words: () => Strings,
  ) {
    host.addController(this);
  }

  /** The requests in flight, in the order they started (reactive). */
  get list(): readonly Activity[] {
    return this.#list.get();
  }

  /** How many requests wait to be asked behind the question open now (reactive). */
  get waiting(): number {
    return this.#list.get().filter((a) => a.phase === 'queued').length;
  }

  hostConnected(): void {}

  /** The person pressed Stop for this request. */
  stopping(requestId: string): void {
    this.#stopped.add(requestId);
  }

  /** Takes one activity from the runtime. */
  hear(a: OUIActivity): void {
    const id = a.request.requestId;
    const list = this.#list.get();
    const known = list.find((x) => x.request.requestId === id);
    const w = this.words();
    if (a.phase === 'done') {
      if (!known) return;
      this.#list.set(list.filter((x) => x !== known));
      this.#said.delete(id);
      const description = shownDescription(known.action);
      const stopped = this.#stopped.delete(id);
      const ok = a.result?.success === true;
      // A confirmation the person refused (or one never asked) needs no words: they just said no themselves.
      if ((known.phase === 'confirm' || known.phase === 'queued') && !ok) return;
      this.announcer.announce(fill(stopped ? w.ouiStopped : ok ? w.ouiDone : w.ouiFailed, { description }));
      return;
    }
    if (!a.action) return;
    const progress = a.phase === 'progress' && typeof a.result?.progress === 'number' ? Math.round(a.result.progress) : known?.progress;
    const next: Activity = { request: a.request, action: a.action, phase: a.phase, ...(progress !== undefined ? { progress } : {}) };
    this.#list.set(known ? list.map((x) => (x === known ? next : x)) : [...list, next]);
    const description = shownDescription(a.action);
    if (a.phase === 'run') this.announcer.announce(fill(w.ouiRunning, { description }));
    if (a.phase === 'progress' && progress !== undefined) {
      const quarter = Math.floor(progress / 25);
      if (quarter > (this.#said.get(id) ?? 0)) {
        this.#said.set(id, quarter);
        this.announcer.announce(fill(w.ouiProgress, { description, progress }));
      }
    }
  }

  /** Forgets everything (the runtime was replaced or removed; its requests were answered). */
  clear(): void {
    this.#list.set([]);
    this.#stopped.clear();
    this.#said.clear();
  }
}
