/** The app's localStorage keys, in a module of their own: main.tsx reads one before the app's code loads. */
export const TOKEN_STORAGE_KEY = 'escale.token';
export const LANG_STORAGE_KEY = 'escale.lang';
