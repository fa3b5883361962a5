// A worker script of its own (built beside the early start in shell/webpack.config.cjs, and
// started by it): it makes the formats the app's first render makes, then ends.
//
// The first Intl number format a page makes loads ICU's number data: 85–130 ms of a phone's main
// thread (measured in Chromium at 4× CPU), inside main.js's first task on every page. ICU keeps
// what it loaded for the whole renderer process, so after this worker has run on another core the
// app's first price format takes 1–7 ms.
new Intl.NumberFormat('he-IL', { style: 'currency', currency: 'ILS' }).format(0);
new Intl.NumberFormat('he-IL').format(0);
new Intl.DateTimeFormat('he-IL', { dateStyle: 'long' }).format(0);
self.close();
