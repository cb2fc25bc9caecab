/**
 * One thing at a time, in the order places were taken: a request takes its place when it is known (so order
 * is the order requests came), waits for its turn, and leaves when done. Leaving before the turn (the request was
 * answered meanwhile: its deadline passed, the agent gave up) gives the place up without holding anyone back.
 */
export interface LanePlace {
  /** Resolves when it is this place's turn, or when it was left. */
  readonly turn: Promise<void>;
  /** Done, or given up: the next place's turn comes. Calling it again does nothing. */
  leave(): void;
}

export interface Lane {
  enter(): LanePlace;
  /** Places taken and not left, the one whose turn it is included. */
  readonly size: number;
}

export function createLane(): Lane {
  const places: { go: () => void; gone: boolean }[] = [];
  const advance = () => {
    while (places.length > 0 && places[0]!.gone) places.shift();
    places[0]?.go();
  };
  return {
    enter() {
      let go!: () => void;
      const turn = new Promise<void>((resolve) => (go = resolve));
      const place = { go, gone: false };
      places.push(place);
      if (places.length === 1) go();
      return {
        turn,
        leave() {
          if (place.gone) return;
          place.gone = true;
          // Whoever still awaits this turn goes on (and finds its request ended) instead of waiting for ever.
          go();
          if (places[0] === place) advance();
        },
      };
    },
    get size() {
      return places.filter((p) => !p.gone).length;
    },
  };
}
