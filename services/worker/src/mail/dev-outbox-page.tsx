// The local outbox's list page (`GET /dev/mail`), rendered by React like the mails themselves.
import { renderToStaticMarkup } from 'react-dom/server';
import { workerStringsHe } from '../strings.he';

const s = workerStringsHe.mail.devOutbox;

/** One attached file as the outbox row lists it (older rows have only the names). */
export interface ListedAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/** A message as the list shows it. */
export interface ListedMessage {
  id: string;
  createdAt: Date;
  to: string;
  subject: string;
  template: string;
  status: string;
  attachments: ListedAttachment[];
  /** Whether the row kept the files (the local transport only): the names are then links. */
  kept: boolean;
}

/** A message's attachments: name, type and size, the name a link when the row kept the file. */
function Attachments({ message }: { message: ListedMessage }) {
  if (message.attachments.length === 0) return null;
  return (
    <ul data-attachments="">
      {message.attachments.map((file, index) => (
        <li key={index}>
          {message.kept ? (
            <a href={`/dev/mail/${message.id}/attachments/${index}`}>{file.filename}</a>
          ) : (
            `${file.filename} (${s.notKept})`
          )}
          {' · '}
          <span dir="ltr">{file.contentType}</span>
          {` · ${s.size(file.size)}`}
        </li>
      ))}
    </ul>
  );
}

function OutboxPage({ messages }: { messages: ListedMessage[] }) {
  return (
    <html dir="rtl" lang="he">
      <head>
        <meta charSet="utf-8" />
        <title>{s.title}</title>
      </head>
      <body style={{ fontFamily: 'sans-serif', padding: 16 }}>
        <h1>{s.title}</h1>
        {messages.length === 0 ? (
          <p>{s.empty}</p>
        ) : (
          <table cellPadding={6}>
            <thead>
              <tr>
                <th>{s.when}</th>
                <th>{s.to}</th>
                <th>{s.subject}</th>
                <th>{s.template}</th>
                <th>{s.status}</th>
                <th>{s.attachments}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id}>
                  <td>{message.createdAt.toISOString()}</td>
                  <td>{message.to}</td>
                  <td>
                    <a href={`/dev/mail/${message.id}`}>{message.subject}</a>
                  </td>
                  <td>{message.template}</td>
                  <td>{message.status}</td>
                  <td>
                    <Attachments message={message} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </body>
    </html>
  );
}

/** The outbox's list, newest first, as a whole HTML page. */
export function renderOutboxPage(messages: ListedMessage[]): string {
  return `<!doctype html>${renderToStaticMarkup(<OutboxPage messages={messages} />)}`;
}
