import { describe, expect, it } from 'vitest';
import { answerProblems, GAD7, PHQ9, scoreMeasure, severityOf, trendOf } from './scoring.ts';

/** Nine (or seven) answers adding up to `total`, item 9 left at `item9`. */
function answersFor(items: number, total: number, item9 = 0): number[] {
  const answers = Array<number>(items).fill(0);
  answers[8] = item9;
  let left = total - item9;
  for (let i = 0; i < items && left > 0; i++) {
    if (i === 8) continue;
    const add = Math.min(3, left);
    answers[i] = add;
    left -= add;
  }
  return answers;
}

describe('PHQ-9 bands at every edge', () => {
  it.each([
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Moderately severe'],
    [19, 'Moderately severe'],
    [20, 'Severe'],
    [24, 'Severe'],
  ])('%i → %s', (total, band) => {
    const score = scoreMeasure(PHQ9, answersFor(9, total));
    expect(score).toEqual({ complete: true, total, severity: band, selfHarmAlert: false });
  });
});

it('PHQ-9 at its maximum is 27, severe, with the alert', () => {
  expect(scoreMeasure(PHQ9, Array<number>(9).fill(3))).toEqual({
    complete: true,
    total: 27,
    severity: 'Severe',
    selfHarmAlert: true,
  });
});

describe('GAD-7 bands at every edge', () => {
  it.each([
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Severe'],
    [21, 'Severe'],
  ])('%i → %s', (total, band) => {
    expect(severityOf(GAD7, total)).toBe(band);
    expect(scoreMeasure(GAD7, answersFor(7, total))).toMatchObject({ complete: true, total });
  });
});

describe('PHQ-9 item 9', () => {
  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, true],
  ])('answered %i → alert %s', (item9, alert) => {
    expect(scoreMeasure(PHQ9, answersFor(9, 6 + item9, item9)).selfHarmAlert).toBe(alert);
  });

  it('alerts on an incomplete response too', () => {
    const answers = [null, null, null, null, null, null, null, null, 2];
    expect(scoreMeasure(PHQ9, answers)).toEqual({
      complete: false,
      answered: 1,
      selfHarmAlert: true,
    });
  });

  it('GAD-7 has no self-harm item', () => {
    expect(scoreMeasure(GAD7, [3, 3, 3, 3, 3, 3, 3]).selfHarmAlert).toBe(false);
  });
});

describe('incomplete responses', () => {
  it('are never prorated', () => {
    const answers = [3, 3, 3, 3, 3, 3, 3, 3, null];
    expect(scoreMeasure(PHQ9, answers)).toEqual({
      complete: false,
      answered: 8,
      selfHarmAlert: false,
    });
  });
});

describe('bad answers', () => {
  it.each([
    [[0, 0, 0], -1],
    [[0, 0, 0, 0, 0, 0, 4], 6],
    [[0, 0, 0, 0, 0, -1, 0], 5],
    [[0, 0, 0, 0, 0, 1.5, 0], 5],
  ])('%j → item %i', (answers, item) => {
    expect(answerProblems(GAD7, answers)[0]?.item).toBe(item);
  });

  it('accept 0–3 and unanswered items', () => {
    expect(answerProblems(GAD7, [0, 1, 2, 3, null, 0, 0])).toEqual([]);
  });
});

describe('response and remission', () => {
  it.each([
    [20, 10, true, false],
    [20, 11, false, false],
    [8, 4, true, true],
    [6, 5, false, false],
    [0, 0, false, true],
  ])('%i → %i: response %s, remission %s', (first, latest, response, remission) => {
    expect(trendOf(first, latest)).toEqual({ response, remission });
  });
});
