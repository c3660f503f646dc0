import { html, type SafeHtml } from '../../lib/html.js';
import { emailField, inputField, passwordField } from './form-parts.views.js';
import { flashMessage, type Flash } from './page-document.views.js';
import { csrfField } from './page-frame.views.js';
import { MIN_PASSWORD_LENGTH } from './passwords.js';
import { text as pageText } from './text/index.js';

/** A paragraph that is one link (back to sign-in, ask again). */
export function linkParagraph(href: string, words: string): SafeHtml {
  return html`<p><a href="${href}">${words}</a></p>`;
}

/** The form asking for an address to mail a link to (a new password's, a sign-in's), and the way back. */
export function addressRequestForm(options: {
  action: string;
  intro: string;
  button: string;
  back: SafeHtml;
  csrfToken: string;
  email?: string;
  flash?: Flash;
  /** Hidden fields the form carries on (a hand-over being accepted, at /collection). */
  hidden?: SafeHtml;
}): SafeHtml {
  return html`${flashMessage(options.flash)}
    <p>${options.intro}</p>
    <form method="post" action="${options.action}" class="stacked">
      ${csrfField(options.csrfToken)} ${options.hidden ?? ''} ${emailField(options.email)}
      <button type="submit">${options.button}</button>
    </form>
    ${options.back}`;
}

/** The words of a new password's fields. */
export interface NewPasswordWords {
  newPassword: string;
  newPasswordAgain: string;
  passwordHint: (min: number) => string;
}

/** A new password, typed twice, with the rule it must keep (a reset link's page, the account page). */
export function newPasswordFields(words: NewPasswordWords): SafeHtml {
  return html`${passwordField(words.newPassword, {
      id: 'password',
      autocomplete: 'new-password',
      minlength: MIN_PASSWORD_LENGTH,
    })}
    <p class="hint">${words.passwordHint(MIN_PASSWORD_LENGTH)}</p>
    ${passwordField(words.newPasswordAgain, {
      id: 'password_again',
      autocomplete: 'new-password',
      minlength: MIN_PASSWORD_LENGTH,
    })}`;
}

/** The words of a "Forgot your password?" flow in the voice of who it serves (the rest are shared: pageText). */
export interface PasswordResetWords extends Omit<NewPasswordWords, 'passwordHint'> {
  requestIntro: string;
  backToSignIn: string;
  sent: (email: string) => string;
  chooseIntro: string;
  done: string;
  signIn: string;
}

/** What differs between /admin's flow (administrators) and /console's (people): where, in which frame, whose words. */
export interface PasswordResetFlowPages {
  /** The app's path ('/admin', '/console'): its sign-in page is `${base}/login`. */
  base: string;
  /** A page outside a session, in the app's frame. */
  page: (title: string, content: SafeHtml) => SafeHtml;
  /** Read on each use: the text answers in the language of the request being drawn. */
  words: () => PasswordResetWords;
}

/** The pages of the way back in: ask for a link, the one answer, the link's form, the change made, a closed link. */
export function passwordResetPages({ base, page, words }: PasswordResetFlowPages) {
  const shared = () => pageText.passwordReset;
  const backToSignIn = () => linkParagraph(`${base}/login`, words().backToSignIn);
  return {
    /** "Forgot your password?": the address to send a link to. */
    forgot: (options: { csrfToken: string; email?: string; flash?: Flash }): SafeHtml =>
      page(
        shared().requestTitle,
        addressRequestForm({
          ...options,
          action: `${base}/forgot-password`,
          intro: words().requestIntro,
          button: shared().requestButton,
          back: backToSignIn(),
        }),
      ),

    /** The one answer to a request, whether or not the address signs in here. */
    sent: (options: { email: string }): SafeHtml =>
      page(
        shared().sentTitle,
        html`${flashMessage({ kind: 'notice', message: words().sent(options.email) })}
          <p>${shared().sentNothing}</p>
          ${linkParagraph(`${base}/forgot-password`, shared().askAgain)} ${backToSignIn()}`,
      ),

    /** The new password, typed twice: the e-mail shown (and given to password managers as the username). */
    choose: (options: { token: string; email: string; csrfToken: string; flash?: Flash }): SafeHtml =>
      page(
        shared().chooseTitle,
        html`${flashMessage(options.flash)}
          <p>${words().chooseIntro}</p>
          <form method="post" action="${base}/reset-password/${options.token}" class="stacked">
            ${csrfField(options.csrfToken)}
            ${inputField(pageText.forms.email, {
              id: 'email',
              name: 'email',
              type: 'email',
              autocomplete: 'username',
              value: options.email,
              readonly: true,
            })}
            ${newPasswordFields({ ...words(), passwordHint: shared().passwordHint })}
            <button type="submit">${shared().save}</button>
          </form>`,
      ),

    /** After the change: nobody is signed in, they sign in with the new password. */
    changed: (): SafeHtml =>
      page(
        shared().doneTitle,
        html`${flashMessage({ kind: 'notice', message: words().done })}
        ${linkParagraph(`${base}/login`, words().signIn)}`,
      ),

    /** A link that is used, expired or not one: why, and the way to a new one. */
    closed: (options: { state: 'used' | 'expired' | 'unknown' }): SafeHtml =>
      page(
        shared().closedTitle,
        html`${flashMessage({ kind: 'error', message: shared()[options.state] })}
        ${linkParagraph(`${base}/forgot-password`, shared().askNew)} ${backToSignIn()}`,
      ),
  };
}

/** The pages of one app's flow, as passwordResetPages draws them. */
export type PasswordResetPages = ReturnType<typeof passwordResetPages>;
