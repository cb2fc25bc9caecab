// Each marked line is a mistake agentic-elements/react must report (the test lists them by their text).
import type {} from 'agentic-elements/react';
import type { OmniIssueEvent } from 'agentic-elements/omni-screen';

export function Mistakes() {
  return (
    <>
      <omni-screen theme="purple" />
      <omni-screen tools={42} />
      <omni-screen onomni-end={(e: OmniIssueEvent) => console.log(e.issue)} />
      <ax-runner maxBursts="three" />
    </>
  );
}
