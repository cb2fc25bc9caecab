// Angular binds `[tools]` on an element as a property, and `(omni-action)` listens for the element's own event.
// CUSTOM_ELEMENTS_SCHEMA tells the compiler the dashed tags are custom elements, not unknown components.
import { CUSTOM_ELEMENTS_SCHEMA, Component, ElementRef, signal, viewChild, type AfterViewInit } from '@angular/core';
import { createDirectTransportPair, createOUIAgent } from 'agentic-elements/engine/oui';
import type { AxEndEvent, AxRunnerElement, MorphActionEvent, MorphRespond, MorphScreenElement, OmniAction, OmniActionEvent, OmniScreenElement, OUIResultEvent } from 'agentic-elements';
import { FILL_REPLY, PAYMENT_SCREEN, QUIZ_ANSWER, confirm, paced, quizReply, tipSurface, tools } from '../../shared/scenario.js';

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  templateUrl: './app.html',
})
export class App implements AfterViewInit {
  protected readonly tools = tools;
  protected readonly confirm = confirm;
  protected readonly tipSurface = tipSurface;
  protected readonly paid = signal('');
  protected readonly tip = signal(0);
  protected readonly agentSaid = signal('');
  protected readonly name = signal('');
  protected readonly saved = signal('');
  protected readonly runnerSaid = signal('');
  protected readonly quiz = signal('');
  private readonly screen = viewChild.required<ElementRef<OmniScreenElement>>('screen');
  private readonly runner = viewChild.required<ElementRef<AxRunnerElement>>('runner');
  private readonly form = viewChild.required<ElementRef<HTMLFormElement>>('form');
  private readonly answer = viewChild.required<ElementRef<MorphScreenElement>>('answer');

  // <omni-screen>: an arrow function, so it keeps `this` when the element calls it.
  protected readonly handler = ({ params }: OmniAction) => ({ result: { receipt: `R-${Math.round(Number(params.amount) * 100)}` } });

  // <oui-surface>: the page's end of the transport goes to the element, the agent's end stays here.
  private readonly pair = createDirectTransportPair();
  private readonly agent = createOUIAgent(this.pair.server);
  protected readonly transport = this.pair.client;
  protected readonly handlers = {
    set_tip: ({ percent }: Record<string, unknown>) => {
      this.tip.set(Number(percent));
      return { percent };
    },
  };

  // <morph-screen>: `respond` turns the quiz's score into the next answer.
  protected readonly respond: MorphRespond = (action) => (action.type === 'quiz' ? paced(quizReply(action.score, action.total)) : undefined);

  async ngAfterViewInit(): Promise<void> {
    this.runner().nativeElement.scope = this.form().nativeElement;
    // A method exists once its element is defined: the tags are in the page now, so their code is on its way.
    await Promise.all(['omni-screen', 'morph-screen'].map((tag) => customElements.whenDefined(tag)));
    void this.screen().nativeElement.stream(paced(PAYMENT_SCREEN));
    void this.answer().nativeElement.stream(paced(QUIZ_ANSWER));
  }

  // The compiler types an event on a custom element as Event: each handler says which one it is.
  protected onAction(event: Event): void {
    const e = event as OmniActionEvent;
    const { receipt } = e.result as { receipt: string };
    this.paid.set(`Paid ${e.params.amount} USD, note “${e.params.note}”, receipt ${receipt}`);
  }

  protected onResult(event: Event): void {
    const e = event as OUIResultEvent;
    if (e.final) this.agentSaid.set(`The agent's call succeeded: ${e.result.success}`);
  }

  protected onEnd(event: Event): void {
    this.runnerSaid.set(`The runner ended: ${(event as AxEndEvent).outcome.reason}`);
  }

  protected onQuiz(event: Event): void {
    const { action } = event as MorphActionEvent;
    if (action.type === 'quiz') this.quiz.set(`Quiz: ${action.score} of ${action.total}`);
  }

  protected askTip(): void {
    void this.agent.call('set_tip', { percent: 15 });
  }

  protected fill(): void {
    void this.runner().nativeElement.stream(paced(FILL_REPLY));
  }

  // The runner types as a person does, firing `input`: the signal follows the field.
  protected onName(event: Event): void {
    this.name.set((event.target as HTMLInputElement).value);
  }

  protected save(event: SubmitEvent): void {
    event.preventDefault();
    this.saved.set(`Delivery to ${this.name()}`);
  }
}
