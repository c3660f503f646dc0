import { msg } from '../../../i18n/message.js';

/** The words every message shares: the link spelled out, who sent it, how to stop notices. */
export const layoutText = {
  layout: {
    linkSpelledOut: 'If the button does not work, copy this address into your browser:',
    sentTo: msg('{service} sent this message to {email}.', 'service', 'email'),
    noReply: 'This message was written automatically; a reply to it reaches nobody.',
    turnOff: 'Stop these messages:',
    choose: 'Choose which messages you receive on your account page.',
  },
} as const;
