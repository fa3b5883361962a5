// A feature's internals: only the catalogue feature (and the app that composes it) may import this.
export const bookListTitle = 'ספרים';
