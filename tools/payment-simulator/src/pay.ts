/**
 * What the checkout's frame does: posts the form data to the hosted page, then submits the card
 * form it shows with the given card. Answers where the frame is redirected.
 */
export async function payInFrame(
  paymentUrl: string,
  formData: Record<string, string>,
  card: { ccno: string; expdate?: string; mycvv?: string; myid?: string },
): Promise<URL> {
  const page = await fetch(paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(formData),
  });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}: ${html}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no card form on the hosted page');
  const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    (m): [string, string] => [m[1] ?? '', decodeEntities(m[2] ?? '')],
  );
  const submit = await fetch(new URL(action, paymentUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([
      ...hidden,
      ['ccno', card.ccno],
      ['expdate', card.expdate ?? '1230'],
      ['mycvv', card.mycvv ?? '123'],
      ['myid', card.myid ?? '123456782'],
    ]),
    redirect: 'manual',
  });
  const location = submit.headers.get('location');
  if (submit.status !== 303 || !location) {
    throw new Error(`card submit answered ${submit.status}: ${await submit.text()}`);
  }
  return new URL(location);
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
