import { passwordResetPages } from '../../web-pages/password-reset.views.js';
import { adminText } from '../text/index.js';
import { publicPage } from './admin-layout.views.js';

/** The administrators' way back in (docs/admin.md): the shared pages in /admin's frame, where one logs in. */
export const adminPasswordResetPages = passwordResetPages({
  base: '/admin',
  page: publicPage,
  words: () => {
    const words = adminText.passwordReset;
    return { ...words, backToSignIn: words.backToLogIn, signIn: words.logIn };
  },
});
