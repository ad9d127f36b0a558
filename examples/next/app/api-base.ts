/** Where the API answers: this app's own fake backend (app/fake/[...path]/route.ts), or NEXT_PUBLIC_API_URL. */
export const apiBase = process.env.NEXT_PUBLIC_API_URL ?? '/fake';
