import { afterEach, describe, expect, it } from 'vitest';
import { pageTextsScript, textsInPage } from './page-texts';

afterEach(() => {
  document.body.replaceChildren();
});

describe('the texts a prerendered page carries (decision 075)', () => {
  it('reach the page as they were, even a text that would close the script element', () => {
    const texts = { language: 'en' as const, namespaces: { common: { nav: { home: '</script><script>alert(1)</script> & <!--' } } } };
    document.body.innerHTML = `<div id="root"></div>${pageTextsScript(texts)}`;
    expect(document.scripts).toHaveLength(1);
    expect(textsInPage()).toEqual(texts);
  });

  it('a page without them, or with a damaged or foreign element, carries none', () => {
    expect(textsInPage()).toBeUndefined();
    document.body.innerHTML = '<script type="application/json" id="page-texts">{"language":"en","namespaces":{"co</script>';
    expect(textsInPage()).toBeUndefined();
    document.body.innerHTML = '<script type="application/json" id="page-texts">[1, 2]</script>';
    expect(textsInPage()).toBeUndefined();
  });
});
