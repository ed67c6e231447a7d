// Applies the remembered theme before the first paint; dark is the default.
(() => {
  try {
    var theme = localStorage.getItem('tidewise-theme');
    var root = document.documentElement;
    if (theme === 'light') {
      root.classList.remove('dark');
      root.classList.add('light');
    }
  } catch (e) {}
})();
