// StreamIntakeController on a tiny host: one source at a time into the host's write; a newer read replaces the
// one in progress (which writes nothing more and resolves superseded, with an AbortError naming what replaced it);
// abort() stops without a replacement; a failing source resolves failed (with the HTTP status when there is one);
// only a source of the wrong kind rejects.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../mocha.js';
import { StreamIntakeController } from '../../../../elements/shared/controllers/streamIntake.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import type { Chunk } from '../../../../src/stream/index.js';

class TestIntakeHost extends LitElement {
  readonly intake = new StreamIntakeController(this, '<test-intake-host>.stream()');
  readonly written: string[] = [];
  readonly write = (chunk: Chunk) => {
    this.written.push(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk as Uint8Array));
  };
}
defineElement('test-intake-host', TestIntakeHost);

const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

/** A source that gives `first` and then waits until `release()` before giving `rest` and ending. */
function held(first: string, rest: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  async function* source() {
    yield first;
    await gate;
    yield rest;
  }
  return { source: source(), release };
}

async function host() {
  return fixture<TestIntakeHost>(html`<test-intake-host></test-intake-host>`);
}

describe('StreamIntakeController', () => {
  it('reads a source to its end into write: ended; reading is true only meanwhile', async () => {
    const el = await host();
    const { source, release } = held('a\n', 'b\n');
    const reading = el.intake.read(source, el.write);
    await tick();
    expect(el.intake.reading).to.equal(true);
    release();
    expect(await reading).to.deep.equal({ status: 'ended' });
    expect(el.written.join('')).to.equal('a\nb\n');
    expect(el.intake.reading).to.equal(false);
  });

  it('a newer read replaces the one in progress: that one writes nothing more and resolves superseded', async () => {
    const el = await host();
    const first = held('one\n', 'never\n');
    const reading = el.intake.read(first.source, el.write);
    await tick();
    const second = el.intake.read('two\n', el.write);
    first.release();
    const how = await reading;
    expect(how.status).to.equal('superseded');
    const error = (how as { error: DOMException }).error;
    expect(error.name).to.equal('AbortError');
    expect(error.message).to.contain('<test-intake-host>.stream()');
    expect(await second).to.deep.equal({ status: 'ended' });
    expect(el.written).to.deep.equal(['one\n', 'two\n']);
  });

  it('supersede(by) names what replaced the read', async () => {
    const el = await host();
    const first = held('x', 'y');
    const reading = el.intake.read(first.source, el.write);
    await tick();
    el.intake.supersede('<test-intake-host>.write()');
    first.release();
    const how = (await reading) as { status: string; error: DOMException };
    expect(how.status).to.equal('superseded');
    expect(how.error.message).to.contain('replaced by <test-intake-host>.write()');
    expect(el.written).to.deep.equal(['x']);
  });

  it('abort() stops the read without a replacement: aborted, nothing more written', async () => {
    const el = await host();
    const first = held('x', 'y');
    const reading = el.intake.read(first.source, el.write);
    await tick();
    el.intake.abort();
    first.release();
    expect(await reading).to.deep.equal({ status: 'aborted' });
    expect(el.written).to.deep.equal(['x']);
    expect(el.intake.reading).to.equal(false);
  });

  it('a source that throws resolves failed with its own error', async () => {
    const el = await host();
    const lost = new Error('connection lost');
    async function* source() {
      yield 'a';
      throw lost;
    }
    const how = await el.intake.read(source(), el.write);
    expect(how).to.deep.equal({ status: 'failed', error: lost });
  });

  it('a response with an error status resolves failed with the status', async () => {
    const el = await host();
    const how = await el.intake.read(new Response('not here', { status: 404 }), el.write);
    expect(how.status).to.equal('failed');
    expect((how as { httpStatus?: number }).httpStatus).to.equal(404);
    expect(el.written).to.deep.equal([]);
  });

  it('a source of the wrong kind rejects with a TypeError naming the caller', async () => {
    const el = await host();
    let error: unknown;
    try {
      await el.intake.read(42 as never, el.write);
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(TypeError);
    expect((error as Error).message).to.contain('<test-intake-host>.stream()');
  });
});
