/**
 * Kept search answers (docs/decisions/022-lean-request-path.md). The same search comes again and
 * again (a summer weekend, a family of three), and its answer depends on the query, the rooms with
 * their calendars and the hotel's date, nothing else: a room's bytes hold both languages. So an
 * answer is kept, by the request's own URL, for as long as the availability's version and the date
 * stay the same, within SEARCH_ANSWERS_KEPT_BYTES, the oldest going first. A kept answer is sent
 * before the query is checked: that very URL passed the checks on the same date to be written.
 */

/** At most this much is kept: a few thousand answers of eight rooms. */
export const SEARCH_ANSWERS_KEPT_BYTES = 8 * 1024 * 1024;

/** What a search's answer was drawn from. */
export interface DrawnFrom {
  /** The availability's version (availability.ts). */
  version: number;
  /** The hotel's date, which decides what is past and how far ahead one may book. */
  today: string;
}

export class SearchAnswers {
  private readonly answers = new Map<string, Buffer>();
  private bytes = 0;
  private drawnFrom: DrawnFrom = { version: -1, today: '' };

  constructor(private readonly limit = SEARCH_ANSWERS_KEPT_BYTES) {}

  get(url: string, drawnFrom: DrawnFrom): Buffer | undefined {
    return this.current(drawnFrom).get(url);
  }

  set(url: string, drawnFrom: DrawnFrom, answer: Buffer) {
    const answers = this.current(drawnFrom);
    if (answer.length > this.limit || answers.has(url)) return;
    answers.set(url, answer);
    this.bytes += answer.length;
    for (const [oldest, kept] of answers) {
      if (this.bytes <= this.limit) break;
      answers.delete(oldest);
      this.bytes -= kept.length;
    }
  }

  /** The answers drawn from `drawnFrom`; those of an earlier version or date are dropped. */
  private current(drawnFrom: DrawnFrom) {
    if (drawnFrom.version !== this.drawnFrom.version || drawnFrom.today !== this.drawnFrom.today) {
      this.answers.clear();
      this.bytes = 0;
      this.drawnFrom = drawnFrom;
    }
    return this.answers;
  }
}
