// Runs before the first paint: applies the saved language and theme so nothing flashes.
(function () {
  // Zod (the forms' validation) compiles a fast parser with `new Function` once it has probed that
  // it may; the content security policy forbids it, and the probe alone is reported as a
  // violation. `config({ jitless: true })` from zod writes this shared object; written here, before
  // any of the app's code runs, it costs the first visit no zod code (boot.test.ts checks it).
  var zodConfig = window.__zod_globalConfig || (window.__zod_globalConfig = {});
  zodConfig.jitless = true;

  var root = document.documentElement;
  // A slow connection: a round trip of SLOW_ROUND_TRIP_MS or more, as the browser estimates it
  // (Chromium's Network Information API). Then the page's code is asked for as soon as the page is
  // read, and its fonts once the app is live (below; decision 075).
  var SLOW_ROUND_TRIP_MS = 300;
  var slowLine = !!navigator.connection && navigator.connection.rtt >= SLOW_ROUND_TRIP_MS;
  // The page's two main fonts, which scripts/prerender.mjs names just before this script. Preloaded,
  // they are in before the first layout. On a slow connection their 50 KB would share the line with
  // the page's code: the text shows in their fallbacks, shaped like them (fonts.css, tokens.css),
  // until the app is live (main.tsx calls window.__fontsNow), or for six seconds at most when it
  // never is.
  var fonts = document.querySelector('meta[name="app-fonts"]');
  if (fonts && slowLine) {
    root.dataset.fonts = 'later';
    // The hold is lifted once the faces have loaded: a face asked for by the text itself would
    // hide that text for its block period (fonts.css) while it loads. The italic loads on use.
    var fontsAsked = false;
    window.__fontsNow = function () {
      if (fontsAsked) return;
      fontsAsked = true;
      var lift = function () {
        delete root.dataset.fonts;
      };
      if (!document.fonts || !document.fonts.forEach) return lift();
      var faces = [];
      document.fonts.forEach(function (face) {
        if (face.status === 'unloaded' && face.style === 'normal') faces.push(face.load());
      });
      Promise.all(faces).then(lift, lift);
    };
    setTimeout(window.__fontsNow, 6000);
  } else if (fonts) {
    var fontFiles = fonts.content.split(' ');
    for (var f = 0; f < fontFiles.length; f++) {
      var font = document.createElement('link');
      font.rel = 'preload';
      font.setAttribute('as', 'font');
      font.type = 'font/woff2';
      font.crossOrigin = '';
      font.href = fontFiles[f];
      document.head.appendChild(font);
    }
  }
  // Scripts run: what only works with them may hide its no-script stand-in (the delivery
  // categories' list, open without scripts; category-nav.module.css).
  root.dataset.scripts = 'on';
  // The language the server sent the page in: the prerendered pages exist in both, chosen by the
  // language cookie (apps/api/src/plugins/web-app.ts); the app shell is Russian.
  var served = root.lang;
  try {
    // The language switch's link without scripts (`?lang=en`, LANGUAGE_QUERY in @hotel/domain): the
    // server sent the page in it and kept the choice in the cookie; it is the choice here too, and
    // leaves the address, so that a later switch in the app is not undone by a reload.
    var asked = /[?&]lang=(en|ru)(?:&|$)/.exec(location.search);
    if (asked) {
      localStorage.setItem('language', asked[1]);
      var rest = location.search.replace(/([?&])lang=(?:en|ru)(?:&|$)/, '$1').replace(/[?&]$/, '');
      history.replaceState(history.state, '', location.pathname + rest + location.hash);
    }
    var lang = localStorage.getItem('language');
    // Storage cleared but the cookie kept: the page came in the language chosen before.
    if (lang !== 'en' && lang !== 'ru' && served === 'en') localStorage.setItem('language', (lang = 'en'));
    if (lang === 'en' || lang === 'ru') {
      root.lang = lang;
      // Choices made before the cookie existed: the next page comes in the right language.
      if (document.cookie.indexOf('language=' + lang) === -1) {
        document.cookie = 'language=' + lang + '; path=/; max-age=31536000; samesite=lax';
      }
      // A page in the other language must not be seen before the app has drawn it in the chosen
      // one: hide #root until main.tsx lifts the veil (and after 4 s whatever happens, so a
      // failed script never leaves a blank page).
      if (lang !== served) {
        root.classList.add('lang-pending');
        setTimeout(function () {
          root.classList.remove('lang-pending');
        }, 4000);
      }
    }
  } catch {
    // Storage unavailable (private mode): the defaults apply.
  }
  // A tap on a control that only the app can carry out (marked data-early: "+" on a dish), made
  // before the app has taken the page over, is kept here and carried out once it has
  // (shared/hydration/early-taps.ts): the guest saw the button, so the tap must not be lost.
  var earlyTaps = (window.__earlyTaps = []);
  document.addEventListener(
    'click',
    function (event) {
      if (root.dataset.hydrated === 'true') return;
      var target = event.target && event.target.closest ? event.target.closest('[data-early]') : null;
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      earlyTaps.push(target.getAttribute('data-early'));
      target.setAttribute('aria-busy', 'true');
    },
    true,
  );

  // Letters typed into a field marked data-early-text (the menu's search) before the app has taken
  // the page over: hydration sets the field to the app's empty value, so they are kept here and
  // the app takes them (takeEarlyText in shared/hydration/early-taps.ts; issue 48, point 12).
  var earlyText = (window.__earlyText = {});
  document.addEventListener(
    'input',
    function (event) {
      if (root.dataset.hydrated === 'true') return;
      var target = event.target;
      var name = target && target.getAttribute ? target.getAttribute('data-early-text') : null;
      if (name) earlyText[name] = target.value;
    },
    true,
  );

  var p = location.pathname;
  root.dataset.theme = /^\/(account|admin)(\/|$)/.test(p) ? 'account'
    : /^\/auth(\/|$)/.test(p) ? 'auth'
    : /^\/(restaurant|delivery)(\/|$)/.test(p) ? 'restaurant' : 'main';

  // A prerendered page names its code instead of loading it at once (scripts/prerender.mjs). Its
  // files are asked for once the page has painted its first content, and the entry runs in the
  // frame after: nothing the code loads competes with what that paint needs (the document, its
  // fonts, the pictures it names), and the first paint never waits for the code to run
  // (docs/decisions/066-first-visit-round-trips.md, 073-code-after-the-first-paint.md).
  var codeAsked = false;
  function askForCode() {
    var entry = document.querySelector('meta[name="app-entry"]');
    var modules = document.querySelector('meta[name="app-modules"]');
    if (codeAsked || !entry || !modules) return;
    codeAsked = true;
    // The entry first: the largest file, it would otherwise wait behind the small ones for one of
    // the six connections a browser opens to a server over HTTP/1.1.
    var names = [entry.content].concat(modules.content.split(' '));
    for (var i = 0; i < names.length; i++) {
      if (!names[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = names[i];
      document.head.appendChild(link);
    }
  }
  // A tab opened in the background paints nothing (and runs no animation frames): start at once.
  var hidden = document.visibilityState === 'hidden';
  var inNextFrame = hidden ? function (run) { run(); } : requestAnimationFrame;
  var painted = hidden;
  var afterPaint = [];
  function whenPainted(run) {
    if (painted) run();
    else afterPaint.push(run);
  }
  function paintedNow() {
    if (painted) return;
    painted = true;
    for (var i = 0; i < afterPaint.length; i++) afterPaint[i]();
  }
  var paintTimings = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (paintTimings && paintTimings.indexOf('paint') !== -1) {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) paintedNow();
    }).observe({ type: 'paint', buffered: true });
  } else {
    // No paint timings: the frame after the first one has painted.
    inNextFrame(function () { inNextFrame(paintedNow); });
  }
  // A page that paints no content (a blank screen, a browser that reports no first paint) still starts.
  setTimeout(paintedNow, 3000);
  // On a slow connection the code's own round trip is the longest wait of the load, and holding it
  // back does not bring the paint sooner: the page names its code before this script, which asks
  // for it at once (decision 075).
  if (slowLine) askForCode();
  whenPainted(askForCode);
  document.addEventListener('DOMContentLoaded', function () {
    var entry = document.querySelector('meta[name="app-entry"]');
    if (!entry) return;
    whenPainted(function () {
      askForCode();
      inNextFrame(function () {
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = entry.content;
        document.head.appendChild(script);
      });
    });
  });
})();
