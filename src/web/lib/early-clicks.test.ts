// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isReplayableClick, replayEarlyClick, type WindowWithEarlyClicks } from './early-clicks';

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as WindowWithEarlyClicks).attestEarlyClicks;
});

const element = (selector: string) => document.querySelector(selector)!;

describe('clicks made before React listened', () => {
  it('are given again only where the browser did nothing with them itself', () => {
    document.body.innerHTML = `
      <button type="button" id="open"><svg id="icon"></svg></button>
      <div role="button" id="tile">Tile</div>
      <a href="/doc" id="link"><span id="in-link">Doc</span></a>
      <label id="label">Agree <input type="checkbox" id="box"></label>
      <details><summary id="summary">More</summary></details>
      <form><button id="submit">Send</button><button type="button" id="in-form">Other</button></form>`;
    expect(isReplayableClick(element('#open'))).toBe(true);
    expect(isReplayableClick(element('#icon'))).toBe(true);
    expect(isReplayableClick(element('#tile'))).toBe(true);
    expect(isReplayableClick(element('#in-form'))).toBe(true);
    for (const natively of ['#link', '#in-link', '#label', '#box', '#summary', '#submit'])
      expect(isReplayableClick(element(natively)), natively).toBe(false);
    expect(isReplayableClick(null)).toBe(false);
  });

  it('replays the click the entry script kept once, and stops its listener', () => {
    document.body.innerHTML = '<button type="button" id="open">Open</button>';
    const onClick = vi.fn();
    element('#open').addEventListener('click', onClick);
    const stop = vi.fn();
    (window as WindowWithEarlyClicks).attestEarlyClicks = { target: element('#open'), stop };
    replayEarlyClick();
    replayEarlyClick();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalled();
  });
});
