// Lint fixture: the home feature reaching into the catalogue feature's internals (rejected by
// import-x/no-restricted-paths) beside a shared import (allowed).
import { bookListTitle } from '../catalogue/book-list';
import { joinTitle } from '../../shared/format';

export const homeTitle = joinTitle(['בית', bookListTitle]);
