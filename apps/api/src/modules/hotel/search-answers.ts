/**
 * Kept search answers (docs/caching.md). The same search comes again and again (a summer weekend,
 * a family of three), and its answer depends on the query, the rooms with their calendars and the
 * hotel's date, nothing else: a room's bytes hold both languages. So an answer is kept, by the
 * request's own URL, under the data versions of the rooms and their holds with the hotel's date
 * (db/data-versions.ts), within SEARCH_ANSWERS_KEPT_BYTES, the oldest going first. A kept answer
 * is sent before the query is checked: that very URL passed the checks on the same date to be written.
 * An answer is kept the second time its URL is asked (the URLs asked once lately are remembered):
 * a stream of different stays, each asked once, would otherwise fill the memory with answers never
 * sent again, which outlive the young generation and cost the collector its most expensive work
 * (docs/decisions/063-search-page-in-parts.md).
 */

/** At most this much is kept: a few thousand answers of eight rooms. */
export const SEARCH_ANSWERS_KEPT_BYTES = 8 * 1024 * 1024;
/** URLs remembered as asked once, forgotten all at once when there are more. */
const ASKED_ONCE_KEPT = 4096;

export class SearchAnswers {
  private readonly answers = new Map<string, Buffer>();
  private readonly askedOnce = new Set<string>();
  private bytes = 0;
  private drawnAt = '';

  constructor(private readonly limit = SEARCH_ANSWERS_KEPT_BYTES) {}

  /** The answer kept for this URL, if it was drawn at this data key. */
  get(url: string, key: string): Buffer | undefined {
    return this.current(key).get(url);
  }

  set(url: string, key: string, answer: Buffer) {
    const answers = this.current(key);
    if (answer.length > this.limit || answers.has(url)) return;
    if (!this.askedOnce.delete(url)) {
      if (this.askedOnce.size >= ASKED_ONCE_KEPT) this.askedOnce.clear();
      this.askedOnce.add(url);
      return;
    }
    answers.set(url, answer);
    this.bytes += answer.length;
    for (const [oldest, kept] of answers) {
      if (this.bytes <= this.limit) break;
      answers.delete(oldest);
      this.bytes -= kept.length;
    }
  }

  /** The answers drawn at `key`; those drawn at another are dropped. */
  private current(key: string) {
    if (key !== this.drawnAt) {
      this.answers.clear();
      this.bytes = 0;
      this.drawnAt = key;
    }
    return this.answers;
  }
}
