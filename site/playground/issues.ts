// The list of issues by line under the playground, in line order whatever order they were found in (a reader
// reports line 11's issue when it reads it, line 8's dangling reference only at the end); issues of the whole
// stream come last. Each issue's line is a button that selects that line in the stream's text, so a person can
// go from the problem to its cause with the keyboard alone.

export interface PlaygroundIssue {
  /** From 1, counting every line of the stream; null for an issue of the whole stream. */
  readonly line: number | null;
  readonly severity: string;
  readonly code: string;
  readonly message: string;
}

/** Selects line `line` (from 1) of `input` and scrolls it into view. */
export function selectLine(input: HTMLTextAreaElement, line: number): void {
  const lines = input.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  const end = start + (lines[line - 1]?.length ?? 0);
  input.focus();
  input.setSelectionRange(start, end);
  // Keep the selected line visible: a line's height times the lines above it, roughly centred.
  const lineHeight = parseFloat(getComputedStyle(input).lineHeight) || 20;
  input.scrollTop = Math.max(0, (line - 1) * lineHeight - input.clientHeight / 2);
}

export function createIssueList(list: HTMLOListElement, count: HTMLElement, input: HTMLTextAreaElement) {
  let total = 0;
  const say = () => {
    count.textContent = total === 0 ? 'No issues.' : total === 1 ? '1 issue.' : `${total} issues.`;
  };
  return {
    add(issue: PlaygroundIssue): void {
      const item = document.createElement('li');
      item.className = `issue severity-${issue.severity}`;
      const order = issue.line ?? Number.MAX_SAFE_INTEGER;
      item.dataset.order = String(order);
      if (issue.line !== null) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'line-link';
        button.dataset.line = String(issue.line);
        button.textContent = `Line ${issue.line}`;
        const line = issue.line;
        button.addEventListener('click', () => selectLine(input, line));
        item.append(button);
      } else {
        const whole = document.createElement('span');
        whole.className = 'line-link';
        whole.textContent = 'The stream';
        item.append(whole);
      }
      const severity = document.createElement('span');
      severity.className = 'severity';
      severity.textContent = issue.severity;
      const code = document.createElement('code');
      code.textContent = issue.code;
      const message = document.createElement('span');
      message.className = 'message';
      message.textContent = issue.message;
      item.append(' ', severity, ' ', code, ' ', message);
      // After every issue of the same line or an earlier one: a binary search over the items, kept in order.
      const items = list.children;
      let lo = 0;
      let hi = items.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (Number((items[mid] as HTMLElement).dataset.order) <= order) lo = mid + 1;
        else hi = mid;
      }
      list.insertBefore(item, items[lo] ?? null);
      total++;
      say();
    },
    clear(): void {
      list.replaceChildren();
      total = 0;
      say();
    },
  };
}
