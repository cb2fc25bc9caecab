/**
 * Resolves at the next task (a message on a channel): lets the page's own follow-up work and painting run
 * first, without the 4 ms clamp nested timers get.
 *
 * One channel for the page, and one message for everyone who asked before it arrived: they all resolve in
 * that one task, in the order they asked (one asking while they resolve waits for the task after). A channel
 * per call would cost a message port pair each, and the browser finalizes every port one by one in its next
 * full garbage collection: a long answer asks thousands of times, which made one collection's pause tens of
 * milliseconds longer.
 */
let channel: MessageChannel | null = null;
let waiting: (() => void)[] = [];

function arrived(): void {
  const now = waiting;
  waiting = [];
  for (const resolve of now) resolve();
}

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (waiting.length > 1) return;
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = arrived;
    }
    channel.port2.postMessage(null);
  });
}
