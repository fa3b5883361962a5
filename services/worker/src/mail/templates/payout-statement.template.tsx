import { agorot } from '@mechabrim/money';
import { periodLabelHe } from '../../payout-runs/payout-statement-draft';
import { workerStringsHe } from '../../strings.he';
import {
  ButtonLink,
  formatMoneyHe,
  htmlDocument,
  Paragraph,
  Table,
  tableText,
  textDocument,
} from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.payoutStatement;

/**
 * 'Your statement for <month>': the author's payout of a run, in a few figures (the balance, what
 * is paid, the tax withheld, what carries over), why it was held if it was, the statement's PDF
 * attached and a link to its page in the portal's payouts section.
 */
export const payoutStatementTemplate: MailTemplate<'payout-statement'> = {
  async render(job, context) {
    const payout = await context.payoutStatement(job.payoutId);
    const month = periodLabelHe(payout.period);
    const subject = t.subject(month);
    const greeting = m.greeting(job.authorName);
    const intro = t.intro(month);
    const money = (value: number) => formatMoneyHe(agorot(value));
    const rows: [string, string][] = payout.heldReason
      ? [
          [t.balance, money(payout.balanceAgorot)],
          [t.carriedOver, money(payout.carriedOverAgorot)],
        ]
      : [
          [t.balance, money(payout.balanceAgorot)],
          [t.gross, money(payout.grossAgorot)],
          ...(payout.withheldAgorot
            ? [
                [t.withheld(payout.withholdingPercent), money(payout.withheldAgorot)] as [
                  string,
                  string,
                ],
              ]
            : []),
          [t.net, money(payout.netAgorot)],
          [t.carriedOver, money(payout.carriedOverAgorot)],
        ];
    const outcome = payout.heldReason ? t.held[payout.heldReason] : t.paid;
    const pdfLine = payout.pdf ? t.pdfAttached : t.pdfLater;
    const pageUrl = `${context.siteUrl}/author-dashboard/payouts/${job.payoutId}`;
    return {
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{intro}</Paragraph>,
        <Table rows={rows} />,
        <Paragraph>{outcome}</Paragraph>,
        <Paragraph>{pdfLine}</Paragraph>,
        <ButtonLink href={pageUrl}>{t.view}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        intro,
        tableText(rows),
        outcome,
        pdfLine,
        `${t.view}: ${pageUrl}`,
      ]),
      attachments: payout.pdf
        ? [
            {
              filename: `statement-${payout.period}.pdf`,
              content: payout.pdf,
              contentType: 'application/pdf',
            },
          ]
        : [],
    };
  },
};
