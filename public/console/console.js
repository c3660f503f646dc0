/* global document, window, fetch, Element */
// The console's passkey buttons (the CSP forbids inline script). Each [data-passkey-endpoint] runs one ceremony:
// POST endpoint/options → @simplewebauthn/browser (global SimpleWebAuthnBrowser) → POST endpoint with the answer.
const webauthn = window.SimpleWebAuthnBrowser;
const csrfMeta = document.querySelector('meta[name="csrf-token"]');

// What the script says comes from the control's data- attributes, in the page's language; English if one is missing.
function said(control, name, english) {
  return control.getAttribute(`data-${name}`) || english;
}

async function postJson(control, url, body) {
  const headers = { 'content-type': 'application/json' };
  if (csrfMeta) headers['x-csrf-token'] = csrfMeta.getAttribute('content');
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(
      data.error || said(control, 'request-failed', 'The request failed; reload the page and try again.'),
    );
  }
  return data;
}

function browserMessage(control, error) {
  // What the browser says when the person cancels or the authenticator refuses, in words they can act on.
  if (error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return said(control, 'cancelled', 'The passkey request was cancelled or timed out; try again.');
  }
  if (error && error.name === 'InvalidStateError') {
    return said(control, 'already-here', 'This device already holds one of your passkeys.');
  }
  return said(control, 'failed', 'The passkey could not be used; try again.');
}

async function runCeremony(control, button, status) {
  const endpoint = control.getAttribute('data-passkey-endpoint');
  const nameInput = control.querySelector('input[name="name"]');
  button.disabled = true;
  status.textContent = said(control, 'waiting', 'Waiting for your passkey…');
  try {
    const started = await postJson(control, `${endpoint}/options`, {});
    let answer;
    try {
      answer =
        started.mode === 'authenticate'
          ? await webauthn.startAuthentication({ optionsJSON: started.options })
          : await webauthn.startRegistration({ optionsJSON: started.options });
    } catch (error) {
      throw new Error(browserMessage(control, error));
    }
    const body = { challenge_token: started.challenge_token, response: answer };
    if (nameInput && nameInput.value.trim()) body.name = nameInput.value.trim();
    const done = await postJson(control, endpoint, body);
    status.textContent = said(control, 'done', 'Done.');
    window.location.assign(done.redirect);
  } catch (error) {
    status.textContent = error.message;
    button.disabled = false;
  }
}

if (webauthn && webauthn.browserSupportsWebAuthn()) {
  for (const control of document.querySelectorAll('[data-passkey-endpoint]')) {
    control.querySelector('.passkey-fallback').hidden = true;
    control.querySelector('.passkey-ready').hidden = false;
  }
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('.passkey-start') : null;
    const control = button && button.closest('[data-passkey-endpoint]');
    if (!control) return;
    void runCeremony(control, button, control.querySelector('.passkey-status'));
  });
}

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

// An import's progress (console/imports): while it runs, its JSON is polled and the bar and numbers follow it; once it
// is in another state (checked, done, cancelled) the page is drawn again. Without JavaScript the page's Refresh link does it.
const importProgress = document.querySelector('[data-import-progress]');
if (importProgress) {
  const bar = importProgress.querySelector('progress');
  const numbers = importProgress.querySelector('[data-import-numbers]');
  const poll = async () => {
    try {
      const response = await fetch(importProgress.getAttribute('data-import-progress'), {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      if (response.ok) {
        const progress = await response.json();
        if (progress.state !== importProgress.getAttribute('data-state')) {
          window.location.reload();
          return;
        }
        if (progress.max > 0) {
          bar.max = progress.max;
          bar.value = progress.value;
        }
        if (numbers.textContent !== progress.said) numbers.textContent = progress.said;
      }
    } catch {
      // A poll that failed (a restart, the network) is tried again at the next turn.
    }
    window.setTimeout(poll, 1000);
  };
  window.setTimeout(poll, 1000);
}
