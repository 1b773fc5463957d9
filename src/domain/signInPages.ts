/** The sign-in pages (/login, /register, /resetPassword, in any case): a sign-in never returns to one, which would only show the form again. */
export const isSignInPage = (pathname: string): boolean => /^\/(login|register|resetpassword)\/?$/i.test(pathname);
