// Which chunk each module of the public pages goes into (docs/decisions/074-public-pages-chunks.md).
//
// Rolldown splits the code shared by lazy routes by the exact set of routes that use it, staff
// screens included, so a public page named up to 24 files for boot.js to load, most under 1 KB.
// Over HTTP/1.1 a browser opens six connections to the server, and on a phone's connection each
// request beyond six waits a whole round trip for one of them. The plan regroups what the public
// pages load by the public pages that load it (a part a page loads while it hydrates counting as a
// page of its own), from a first build of the same sources:
//   - what only `/` loads goes into one chunk (`home`);
//   - what a set of pages loads, when it is large (over LARGE_SET bytes), stays a chunk of its own
//     for that set: a page that does not need it never downloads it; a smaller set whose pages all
//     load a large one joins the smallest such (they load it anyway);
//   - the rest, small modules shared by a few pages each: with `/` among them into one chunk
//     (`home-shared`), without it into another (`site`), at the price of a few kilobytes a page
//     does not use. Neither imports a large set's chunk: a module's imports are loaded by at least
//     the pages that load it, and a set inside a large one has joined it.
// The route modules themselves stay where Rolldown puts them (the router imports them by name), and
// so does what no public page loads.

/** Modules of a set of public pages that together weigh more than this (rendered, before minifying) keep a chunk of their own. */
export const LARGE_SET = 8_000;

/**
 * @param {import('./chunk-plan.d.mts').PlannedChunk[]} output the chunks of a build of the same sources without the plan
 * @param {string[]} pageModules the public pages' route modules (absolute ids), `/`'s first
 * @returns {Map<string, string>} module id → the name of its group
 */
export function planChunks(output, pageModules) {
  const chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName, stop) => {
    const seen = new Set();
    const visit = (name) => {
      const chunk = chunks.get(name);
      if (!chunk || seen.has(name) || stop.has(name)) return;
      seen.add(name);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(fileName);
    return seen;
  };
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('chunk plan: the first build has no entry chunk');
  const inEntry = closure(entry.fileName, new Set());

  // For each chunk a public page loads (beyond the entry), the pages that load it. A part a page
  // loads while it hydrates (a lazy section below the fold) counts as a page of its own, and what
  // it needs is grouped by exactly the pages that need it: merged into a larger group, it would
  // pull that group's code and CSS into the page that loads the part.
  const pages = pageModules.map((module) => {
    const facade = [...chunks.values()].find((chunk) => chunk.facadeModuleId === module);
    if (!facade) throw new Error(`chunk plan: no chunk for ${module}`);
    return facade;
  });
  const parts = pages
    .flatMap((page) => page.dynamicImports ?? [])
    .map((fileName) => chunks.get(fileName))
    .filter((part) => part && !Object.keys(part.modules ?? {}).every((id) => id.endsWith('.json')));
  for (const part of parts) if (!pages.includes(part)) pages.push(part);
  const pagesOfFile = new Map();
  for (const [index, page] of pages.entries()) {
    for (const fileName of closure(page.fileName, inEntry)) {
      if (!pagesOfFile.has(fileName)) pagesOfFile.set(fileName, new Set());
      pagesOfFile.get(fileName).add(index);
    }
  }

  // The modules of those chunks by the set of pages that load them, and each set's weight.
  const routeModules = new Set(pages.map((page) => page.facadeModuleId));
  const setOf = new Map();
  const weight = new Map();
  for (const [fileName, loadedBy] of pagesOfFile) {
    const key = [...loadedBy].sort((a, b) => a - b).join('+');
    for (const [id, rendered] of Object.entries(chunks.get(fileName).modules ?? {})) {
      // The route modules stay put, and so do the texts (each language's file is loaded by name).
      if (routeModules.has(id) || id.endsWith('.json')) continue;
      setOf.set(id, key);
      weight.set(key, (weight.get(key) ?? 0) + rendered.renderedLength);
    }
  }

  const home = '0';
  const large = [...weight].filter(([key, bytes]) => bytes > LARGE_SET && key !== home).map(([key]) => key.split('+'));
  const name = (members) => `pages-${members.map((member) => pages[Number(member)].name).join('-')}`;
  const plan = new Map();
  for (const [id, key] of setOf) {
    const members = key.split('+');
    // A small set inside a large one joins the smallest such: its pages load that chunk anyway.
    const within = large.filter((set) => members.every((member) => set.includes(member))).sort((a, b) => a.length - b.length)[0];
    if (key === home) plan.set(id, 'home');
    else if (within) plan.set(id, name(within));
    else if (members.includes(home)) plan.set(id, 'home-shared');
    else plan.set(id, 'site');
  }
  return plan;
}
