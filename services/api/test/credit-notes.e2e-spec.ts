import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Types } from 'mongoose';
import type { BuyerOrdersPage } from '@mechabrim/contracts';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

/**
 * Issue 22 item 2, the API's side: a refund's credit note (issued by the worker) is listed on the
 * buyer's order and downloaded by its owner or an admin only, like the receipt.
 */
describe('credit notes on the orders page', () => {
  let ctx: PortalApi;
  let buyer: Account;
  let stranger: Account;
  let admin: Account;
  let orderId: string;
  let otherOrderId: string;
  const pdf = Buffer.from('%PDF-1.4\n% credit note 1\n%%EOF\n');

  /** A paid, then cancelled order of the buyer's, as checkout and the cancellation leave it. */
  async function buyersOrder(author: string, book: string): Promise<string> {
    const id = await ctx.order([{ bookId: book, authorId: author, price: 80, quantity: 2 }], {
      status: 'cancelled',
    });
    await ctx.orders.updateOne(
      { _id: new Types.ObjectId(id) },
      { $set: { 'user.userId': new Types.ObjectId(buyer.id) } },
    );
    return id;
  }

  /** The worker's documents: the receipt, issued credit notes and one still being issued. */
  async function issueDocuments(): Promise<void> {
    const common = { provider: 'local', providerDocumentId: null, providerNumber: null };
    await ctx.db.collection('receipts').insertMany([
      {
        ...common,
        orderId: new Types.ObjectId(orderId),
        number: 1,
        status: 'issued',
        issuedAt: new Date('2026-11-24T09:00:00Z'),
        totalAgorot: 16000,
        vatAgorot: 2441,
        fileKey: 'receipts/1.pdf',
        documentUrl: null,
      },
    ]);
    const note = (fields: Record<string, unknown>) => ({
      ...common,
      receiptNumber: 1,
      reason: 'cancellation',
      vatAgorot: 2319,
      documentUrl: null,
      fileKey: null,
      ...fields,
    });
    await ctx.db.collection('credit_notes').insertMany([
      note({
        orderId: new Types.ObjectId(orderId),
        refundRef: 'refund-a',
        number: 1,
        status: 'issued',
        issuedAt: new Date('2026-11-25T09:00:00Z'),
        totalAgorot: 15200,
        fileKey: 'credit-notes/1.pdf',
      }),
      note({
        orderId: new Types.ObjectId(orderId),
        refundRef: 'refund-b',
        number: 3,
        status: 'issuing',
        issuedAt: new Date('2026-11-26T09:00:00Z'),
        totalAgorot: 800,
      }),
      note({
        orderId: new Types.ObjectId(otherOrderId),
        refundRef: 'refund-c',
        number: 2,
        status: 'issued',
        issuedAt: new Date('2026-11-25T10:00:00Z'),
        totalAgorot: 1050,
        provider: 'morning',
        providerDocumentId: 'doc-330',
        documentUrl: 'https://morning.example/doc-330.pdf',
      }),
    ]);
    await mkdir(path.join(ctx.dataDir, 'credit-notes'), { recursive: true });
    await writeFile(path.join(ctx.dataDir, 'credit-notes', '1.pdf'), pdf);
    await mkdir(path.join(ctx.dataDir, 'receipts'), { recursive: true });
    await writeFile(path.join(ctx.dataDir, 'receipts', '1.pdf'), Buffer.from('%PDF-1.4 receipt'));
  }

  beforeAll(async () => {
    ctx = await startPortalApi();
    const author = await ctx.author('noa.cn@example.com', 'נועה כהן');
    buyer = await ctx.reader('buyer.cn@example.com');
    stranger = await ctx.reader('stranger.cn@example.com');
    admin = await ctx.admin('admin.cn@example.com');
    const book = await ctx.book(author.id, { title: 'זיכוי', price: 80 });
    orderId = await buyersOrder(author.id, book);
    otherOrderId = await buyersOrder(author.id, book);
    await issueDocuments();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const notePath = (id: string, number: number | string) =>
    `/api/orders/${id}/credit-notes/${number}`;

  it("lists each order's issued credit notes in shekels, not one still being issued", async () => {
    const page = await ctx.http.get<BuyerOrdersPage>('/api/orders/mine', { token: buyer.token });
    expect(page.status).toBe(200);
    const byId = new Map(page.body.orders.map((order) => [order._id, order]));
    expect(byId.get(orderId)?.receiptUrl).toBe(`/api/orders/${orderId}/receipt`);
    // The note still being issued is not listed.
    expect(byId.get(orderId)?.creditNotes).toEqual([
      { number: 1, amount: 152, issuedAt: '2026-11-25T09:00:00.000Z', url: notePath(orderId, 1) },
    ]);
    expect(byId.get(otherOrderId)?.creditNotes).toEqual([
      {
        number: 2,
        amount: 10.5,
        issuedAt: '2026-11-25T10:00:00.000Z',
        url: notePath(otherOrderId, 2),
      },
    ]);
  });

  it('gives the owner and an admin the PDF, and the receipt as before', async () => {
    for (const token of [buyer.token, admin.token]) {
      const answer = await fetch(`${ctx.api.baseUrl}${notePath(orderId, 1)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/pdf');
      expect(answer.headers.get('content-disposition')).toContain('credit-note-1.pdf');
      expect(answer.headers.get('cache-control')).toContain('no-store');
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(pdf);
    }
    const receipt = await fetch(`${ctx.api.baseUrl}/api/orders/${orderId}/receipt`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-disposition')).toContain('receipt-1.pdf');
  });

  it("redirects to the provider's copy of a Morning credit note", async () => {
    const answer = await fetch(`${ctx.api.baseUrl}${notePath(otherOrderId, 2)}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://morning.example/doc-330.pdf');
  });

  it("answers a stranger 404 in Hebrew, as for a note that is not the order's or not issued", async () => {
    const missing = async (route: string, token?: string) =>
      expectError(await ctx.http.get(route, { token }), 404).message;
    const stranger404 = await missing(notePath(orderId, 1), stranger.token);
    expect(stranger404).toBe('לא נמצאה חשבונית זיכוי כזאת להזמנה הזאת.');
    // The other order's note by this order, a note still being issued, an order that is not there.
    expect(await missing(notePath(orderId, 2), buyer.token)).toBe(stranger404);
    expect(await missing(notePath(orderId, 3), buyer.token)).toBe(stranger404);
    expect(await missing(notePath(new Types.ObjectId().toHexString(), 1), buyer.token)).toBe(
      stranger404,
    );
    expectError(await ctx.http.get(notePath(orderId, 1)), 401);
    expectError(await ctx.http.get(notePath(orderId, 'abc'), { token: buyer.token }), 400);
    expectError(await ctx.http.get(notePath(orderId, 0), { token: buyer.token }), 400);
  });
});
