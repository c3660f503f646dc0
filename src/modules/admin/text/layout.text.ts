/** The words of the operator's frame: the pages' name, navigation, log-out and error pages (English; one place to translate). */
export const layoutText = {
  layout: {
    app: 'AVS admin',
    nav: {
      dashboard: 'Dashboard',
      apiKeys: 'API keys',
      accounts: 'Accounts',
      certificates: 'Certificates',
      corrections: 'Corrections',
      mail: 'Mail',
    },
    logOut: 'Log out',
    errorTitles: {
      refused: 'Refused',
      notFound: 'Not found',
      error: 'Error',
      requestRefused: 'Request refused',
    },
    backToDashboard: 'Back to the dashboard',
    backToLogIn: 'Back to log in',
  },
} as const;
