import { orderReference } from '@mechabrim/contracts';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { creditNoteDraftOf } from './credit-note-draft';
import { paidOrderFixture } from './receipt-fixture';
import { receiptDraftOf } from './receipt-draft';
import { MorningInvoiceService } from './morning-invoice.service';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** A local stand-in for Morning's two endpoints, recording what it was sent. */
async function fakeMorning(): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/v1/account/token') {
        if (body.id !== 'key-id' || body.secret !== 'key-secret') {
          res.statusCode = 401;
          res.end(JSON.stringify({ errorCode: 401, errorMessage: 'bad key' }));
          return;
        }
        res.end(JSON.stringify({ token: 'jwt-1', expires: Math.floor(Date.now() / 1000) + 3600 }));
        return;
      }
      if (req.url === '/api/v1/documents' && req.headers.authorization === 'Bearer jwt-1') {
        res.end(
          JSON.stringify({
            id: 'doc-abc',
            number: 20001,
            url: { he: 'https://morning.example/doc-abc.pdf' },
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/v1`, seen, server };
}

describe('MorningInvoiceService', () => {
  let morning: Awaited<ReturnType<typeof fakeMorning>>;
  beforeEach(async () => {
    morning = await fakeMorning();
  });
  afterEach(async () => {
    await new Promise((resolve) => morning.server.close(resolve));
  });

  it('takes a token, then issues a Hebrew ILS invoice-receipt (320) with income and payment rows', async () => {
    const service = new MorningInvoiceService({
      apiUrl: morning.url,
      apiId: 'key-id',
      apiSecret: 'key-secret',
    });
    const order = paidOrderFixture();
    const draft = receiptDraftOf(order, 5, new Date('2026-11-24T09:00:00Z'));
    const issued = await service.issueInvoiceReceipt(draft);
    expect(issued).toEqual({
      provider: 'morning',
      fileKey: null,
      providerDocumentId: 'doc-abc',
      providerNumber: '20001',
      documentUrl: 'https://morning.example/doc-abc.pdf',
    });
    const [token, document] = morning.seen;
    expect(token).toMatchObject({
      method: 'POST',
      url: '/api/v1/account/token',
      body: { id: 'key-id', secret: 'key-secret' },
    });
    expect(document).toMatchObject({
      method: 'POST',
      url: '/api/v1/documents',
      authorization: 'Bearer jwt-1',
    });
    expect(document?.body).toMatchObject({
      type: 320,
      lang: 'he',
      currency: 'ILS',
      vatType: 0,
      date: '2026-11-24',
      // The order by the reference the orders page prints, never its raw id.
      description: `מספר הזמנה ${orderReference(order._id.toHexString())}`,
      client: { name: 'דנה לוי', emails: ['dana@example.com'] },
      income: [
        {
          description: 'הים של תל אביב / נועה כהן',
          quantity: 2,
          price: 89,
          currency: 'ILS',
          vatType: 1,
        },
        {
          description: 'Python למתחילים / Avi Levi',
          quantity: 1,
          price: 120.5,
          currency: 'ILS',
          vatType: 1,
        },
        { description: 'משלוח', quantity: 1, price: 29.9, currency: 'ILS', vatType: 1 },
      ],
      payment: [{ type: 3, date: '2026-11-24', price: 328.4, currency: 'ILS', cardNum: '4580' }],
    });
  });

  it('reuses the token for a second document and issues credit notes as type 330 linked to the receipt', async () => {
    const service = new MorningInvoiceService({
      apiUrl: morning.url,
      apiId: 'key-id',
      apiSecret: 'key-secret',
    });
    const order = paidOrderFixture();
    const draft = receiptDraftOf(order, 6, new Date('2026-11-24T09:00:00Z'));
    await service.issueInvoiceReceipt(draft);
    const issued = await service.issueCreditNote(
      creditNoteDraftOf({
        number: 3,
        // Dated by the note, not by the receipt it credits.
        issuedAt: new Date('2026-12-02T10:00:00Z'),
        receipt: draft,
        providerDocumentId: 'doc-abc',
        amountAgorot: 8900,
        reason: 'return',
      }),
    );
    expect(issued).toMatchObject({ provider: 'morning', providerDocumentId: 'doc-abc' });
    expect(morning.seen.map((call) => call.url)).toEqual([
      '/api/v1/account/token',
      '/api/v1/documents',
      '/api/v1/documents',
    ]);
    const reference = orderReference(order._id.toHexString());
    expect(morning.seen[2]?.body).toMatchObject({
      type: 330,
      date: '2026-12-02',
      lang: 'he',
      currency: 'ILS',
      description: `החזרת ספרים מהזמנה ${reference}`,
      remarks: 'מספר פנימי 3; זיכוי לחשבונית מס/קבלה מס׳ 6',
      client: { name: 'דנה לוי', emails: ['dana@example.com'] },
      income: [
        {
          description: `החזרת ספרים מהזמנה ${reference}`,
          quantity: 1,
          price: 89,
          vatType: 1,
        },
      ],
      linkedDocumentIds: ['doc-abc'],
    });
  });

  it('fails with the status when Morning refuses the key', async () => {
    const service = new MorningInvoiceService({
      apiUrl: morning.url,
      apiId: 'key-id',
      apiSecret: 'wrong',
    });
    const draft = receiptDraftOf(paidOrderFixture(), 7, new Date());
    await expect(service.issueInvoiceReceipt(draft)).rejects.toThrow(/account\/token answered 401/);
  });
});
