/** Where the API lives: every link the server writes starts here (no zod: the web app's first chunk reads it). */
export const API_BASE = '/api/v1';
