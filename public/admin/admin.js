/* global document, window, navigator, Element */
// Copy buttons: <button data-copy-target="ID" data-copy-status="ID">. Loaded as a file (the CSP forbids inline script).
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy-target]') : null;
  if (!button) return;
  const target = document.getElementById(button.getAttribute('data-copy-target'));
  const status = document.getElementById(button.getAttribute('data-copy-status'));
  if (!target) return;
  const text = target.textContent.trim();
  const say = (message) => {
    if (status) status.textContent = message;
  };
  const selectText = () => {
    const range = document.createRange();
    range.selectNodeContents(target);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(
      () => say('Copied to the clipboard.'),
      () => {
        selectText();
        say('Copying was refused; the key is selected: press Ctrl+C (⌘C on a Mac).');
      },
    );
  } else {
    selectText();
    say('The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
  }
});

// The header's menu (page-frame.views.ts): kept open where the page is wide enough to show it, folded on a phone
// until its summary is pressed. The stylesheet does the same where the browser knows ::details-content.
const siteMenu = document.querySelector('[data-site-menu]');
if (siteMenu) {
  const wide = window.matchMedia('(min-width: 44.01rem)');
  const fit = () => {
    siteMenu.open = wide.matches;
  };
  fit();
  wide.addEventListener('change', fit);
}
