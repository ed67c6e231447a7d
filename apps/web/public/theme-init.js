// Applies the remembered theme before the first paint; dark is the default.
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem('tidewise-theme');
  } catch {
    // Storage can be blocked; the default theme applies.
  }
  if (theme === 'light') {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  }
})();
