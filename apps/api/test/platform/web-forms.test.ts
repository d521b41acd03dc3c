/**
 * Every form of the web app is `<Form schema>` (shared/forms/form.tsx; docs/decisions/031-web-one-way.md
 * and 061): lint refuses a raw `<form>` outside shared/forms/, but in the files rawFormsAllowed
 * names with their reasons. The list only shrinks: an entry whose file has no raw form left fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const { rawFormsAllowed } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { rawFormsAllowed: Record<string, { forms: number; reason: string }> };
const web = path.join(root, 'apps/web/src');
const eslint = new ESLint({ cwd: root });

// What these tests check is what lint says, not how soon: a busy machine gets time.
vi.setConfig({ testTimeout: 120_000 });

// The first lint that follows an import loads the parser, the resolver and every tsconfig: slow
// on a busy machine, once, here rather than in the first test.
beforeAll(async () => {
  await eslint.lintText("import { paths } from '../../../shared/paths';\nexport const home = paths.home;\n", { filePath: path.join(root, 'apps/web/src/features/promo/components/warm-up.tsx') });
}, 240_000);

/** The forms-through-form messages lint gives this code as if it were the file at `file` (under apps/web/src). */
async function rawForms(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(web, file) });
  return result!.messages.filter((message) => message.ruleId === 'hotel-web/forms-through-form').map((message) => message.message);
}

const raw = "export function Fixture() {\n  return <form onSubmit={(event) => event.preventDefault()}><input name=\"note\" /></form>;\n}\n";
const throughForm = [
  "import { z } from 'zod';",
  "import { Form } from '../../../shared/forms/form';",
  'const schema = z.object({ note: z.string() });',
  'export function Fixture() {',
  '  return <Form schema={schema} onSubmit={() => undefined}>{(form) => <input {...form.register(\'note\')} />}</Form>;',
  '}',
  '',
].join('\n');

describe('forms go through <Form schema> (issue 44, point 7)', () => {
  it('lint refuses a raw <form> in a feature and in a screen', async () => {
    expect(await rawForms('features/promo/components/forms-fixture.tsx', raw)).toHaveLength(1);
    expect(await rawForms('routes/forms-fixture.tsx', raw)).toHaveLength(1);
  });

  it('lets a feature use <Form schema>, and shared/forms/ and tests render a raw form', async () => {
    expect(await rawForms('features/promo/components/forms-fixture.tsx', throughForm)).toEqual([]);
    expect(await rawForms('shared/forms/forms-fixture.tsx', raw)).toEqual([]);
    expect(await rawForms('features/promo/components/forms-fixture.test.tsx', raw)).toEqual([]);
  });

  it('lets an allowed file render as many raw forms as listed, not one more', async () => {
    const file = 'features/reviews/components/admin-reviews.tsx';
    expect(rawFormsAllowed[file]!.forms).toBe(1);
    expect(await rawForms(file, raw)).toEqual([]);
    expect(await rawForms(file, raw.replace('</form>;', '</form>;\n}\nexport function Second() {\n  return <form><input name="other" /></form>;'))).toHaveLength(1);
  });

  it('the forms decision 051 left by hand are not on the list', () => {
    for (const file of ['features/rate-calendar/components/rate-calendar.tsx', 'features/promo/components/admin-promo.tsx', 'features/restaurant-board/components/restaurant-board.tsx']) {
      expect(rawFormsAllowed, file).not.toHaveProperty([file]);
    }
  });

  it('the desk’s forms are not on the list either (they are <Form schema> with their routes’ schemas)', () => {
    for (const file of [
      'features/front-desk/components/housekeeping-list.tsx',
      'features/folio/components/folio-panel.tsx',
      'features/folio/components/check-in-form.tsx',
      'features/reservations-board/components/board-stay-desk.tsx',
      'features/reservations-board/components/board-new-booking.tsx',
    ]) {
      expect(rawFormsAllowed, file).not.toHaveProperty([file]);
    }
  });

  it.each(Object.entries(rawFormsAllowed))('%s renders as many raw forms as listed, for the reason given', (file, { forms, reason }) => {
    const at = path.join(web, file);
    expect(existsSync(at), `${file} is gone: take it off rawFormsAllowed`).toBe(true);
    const found = readFileSync(at, 'utf8').match(/<form[\s>]/g)?.length ?? 0;
    expect(found, `${file}: rawFormsAllowed says ${forms} raw forms`).toBe(forms);
    expect(reason.length).toBeGreaterThan(20);
  });
});
