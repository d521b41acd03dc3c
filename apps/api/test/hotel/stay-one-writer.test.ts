/**
 * One writer of a stay's status (issue 45, point 1; docs/decisions/054-stay-life.md): the server's
 * code writes `reservations.status` and the moments that go with it only through
 * repository.writeStayStatus, and only stay-lifecycle.ts calls that. Read from the source, so a new
 * path that writes the status elsewhere fails here before it ships.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(__dirname, '../../src');
const files = readdirSync(SOURCE, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ file: file.split(path.sep).join('/'), text: readFileSync(path.join(SOURCE, file), 'utf8') }));

/** The fields a change of status writes: nobody else may write them. */
const STATUS_FIELDS = /\b(status|canceledAt|noShowAt|checkedInAt|checkedOutAt)\b\s*:/;

/** The function a position of `text` lies in: the last `function NAME` before it. */
function enclosingFunction(text: string, at: number): string {
  const names = [...text.slice(0, at).matchAll(/function\s+(\w+)/g)];
  return names.at(-1)?.[1] ?? '';
}

describe("a stay's status has one writer (issue 45, point 1)", () => {
  it('is written through writeStayStatus, called from stay-lifecycle.ts only', () => {
    const callers = files.filter(({ text }) => /\bwriteStayStatus\b/.test(text)).map(({ file }) => file);
    expect(callers.sort()).toEqual(['modules/hotel/repository.ts', 'modules/hotel/stay-lifecycle.ts']);
  });

  it('has no other update of reservations that sets the status or its moments', () => {
    const offenders: string[] = [];
    for (const { file, text } of files) {
      for (const match of text.matchAll(/\.update\(reservations\)/g)) {
        const writer = enclosingFunction(text, match.index);
        if (file === 'modules/hotel/repository.ts' && writer === 'writeStayStatus') continue;
        const statement = text.slice(match.index, text.indexOf('.where(', match.index));
        if (STATUS_FIELDS.test(statement)) offenders.push(`${file}: ${writer}`);
      }
      // Nor in SQL written by hand, nor on insert (a new stay is booked by the column's default).
      if (/update\s+"?reservations"?\s+set[^;]*\b(status|canceled_at|no_show_at|checked_in_at|checked_out_at)\b/i.test(text)) offenders.push(`${file}: raw SQL`);
      for (const match of text.matchAll(/\.insert\(reservations\)/g)) {
        const statement = text.slice(match.index, text.indexOf('.returning(', match.index));
        if (STATUS_FIELDS.test(statement)) offenders.push(`${file}: ${enclosingFunction(text, match.index)} (insert)`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
