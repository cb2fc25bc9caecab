/**
 * The live feed of a screen the server keeps current ([10.36]–[10.39]): followed from the last update
 * received, each update handed to the screen's update path, stopped when the screen starts over or ends, and
 * paused while the element is out of the page (that counts as closed, [10.39]), then followed again from the
 * same seq when it is back.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LiveError, LiveFollower } from '../../../src/omni-ir/transport/index.js';
import { errorText } from '../../../src/stream/index.js';
import { remote } from '../model/remoteClients.js';
import { liveStateOf, type LiveState } from '../events.js';

export interface LiveFeedOptions {
  /** The live endpoint now. */
  endpoint(): string;
  /** What every request carries (credentials, headers). */
  init(): { credentials?: RequestCredentials; headers?: Record<string, string> };
  /** An update arrived: apply it through the screen's update path. */
  apply(text: string, seq: number): void;
  /** The feed's state changed: tell the app. */
  changed(state: LiveState, screen: string, lastSeq: number, error?: LiveError): void;
}

interface Following {
  readonly screen: string;
  lastSeq: number;
  follower: LiveFollower | null;
}

export class LiveFeedController implements ReactiveController {
  #live: Following | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: LiveFeedOptions,
  ) {
    host.addController(this);
  }

  /** Follows `screen` from `after`, replacing any feed followed now. */
  follow(screen: string, after: number): void {
    this.stop();
    const live: Following = { screen, lastSeq: after, follower: null };
    this.#live = live;
    this.#connect(live);
  }

  /** Stops following for good (the screen started over or was generated again). */
  stop(): void {
    const live = this.#live;
    this.#live = null;
    live?.follower?.stop();
  }

  hostConnected(): void {
    const live = this.#live;
    if (live && !live.follower) this.#connect(live);
  }

  hostDisconnected(): void {
    // Out of the page counts as closed; the seq is kept in case it comes back.
    const follower = this.#live?.follower;
    if (this.#live) this.#live.follower = null;
    follower?.stop();
  }

  #connect(live: Following): void {
    const mine = () => this.#live === live;
    remote().then(
      ({ followLive }) => {
        if (!mine() || !this.host.isConnected || live.follower) return;
        live.follower = followLive({
          endpoint: this.options.endpoint(),
          screen: live.screen,
          after: live.lastSeq,
          ...this.options.init(),
          onUpdate: ({ seq, text }) => {
            if (!mine()) return;
            live.lastSeq = seq;
            this.options.apply(text, seq);
          },
          onError: (error) => {
            if (!mine() || !error.retryable) return;
            // An update the screen couldn't take leaves the feed going: still following, with what went wrong.
            this.options.changed(error.code === 'update_failed' ? 'following' : 'retrying', live.screen, live.lastSeq, error);
          },
          onStop: (stop) => {
            // Stopped by disconnecting: kept, to follow again on reconnecting. Anything else is final.
            if (mine() && stop.reason !== 'stopped') this.#live = null;
            this.options.changed(liveStateOf(stop), live.screen, live.lastSeq, stop.reason === 'error' ? stop : undefined);
          },
        });
        this.options.changed('following', live.screen, live.lastSeq);
      },
      (error: unknown) => {
        if (!mine()) return;
        this.#live = null;
        this.options.changed('failed', live.screen, live.lastSeq, { code: 'client_error', message: errorText(error), retryable: false, status: 0 });
      },
    );
  }
}
