// Sets the page's colour scheme before the app loads, so a dark page never flashes light (decision 086).
// The same rule as the app's: the choice stored in this browser, else the system's setting.
(function () {
  var stored;
  try {
    stored = localStorage.getItem('northwind-color-scheme');
  } catch {
    stored = null;
  }
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var scheme = stored === 'light' || stored === 'dark' ? stored : dark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
