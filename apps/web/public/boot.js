// Runs before the first paint: applies the saved language and theme so nothing flashes.
(function () {
  var root = document.documentElement;
  try {
    var lang = localStorage.getItem('language');
    if (lang === 'en' || lang === 'ru') root.lang = lang;
    // The public pages arrive prerendered in Russian. An English visitor must not see them before
    // the app has drawn them in English: hide #root until main.tsx lifts the veil (and after
    // 4 s whatever happens, so a failed script never leaves a blank page).
    if (lang === 'en') {
      root.classList.add('lang-pending');
      setTimeout(function () {
        root.classList.remove('lang-pending');
      }, 4000);
    }
  } catch {
    // Storage unavailable (private mode): the defaults apply.
  }
  var p = location.pathname;
  root.dataset.theme = /^\/(account|admin)(\/|$)/.test(p) ? 'account'
    : /^\/auth(\/|$)/.test(p) ? 'auth'
    : /^\/(restaurant|delivery)(\/|$)/.test(p) ? 'restaurant' : 'main';
})();
