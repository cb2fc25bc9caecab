/**
 * Resolves at the next task (a message on a fresh channel): lets the page's own follow-up work and painting run
 * first, without the 4 ms clamp nested timers get.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
