/** Browsers in the order they must be tried: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Systems, phones before desktops (Android says "Linux", iOS says "Mac OS X"). */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (agent: string, table: ReadonlyArray<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(agent))?.[1];

/**
 * A short, coarse description of the device behind a `User-Agent` header ('Chrome · Windows'),
 * for the user's list of sessions: never the header itself, which is long, says more than the
 * user needs and is whatever the client chose to send. Empty when nothing is recognised.
 */
export function deviceSummary(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  return [first(agent, BROWSERS), first(agent, SYSTEMS)].filter(Boolean).join(' · ');
}
