import type { ReactNode } from 'react';
import { Breadcrumb } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import './policies.css';

/** A numbered section: a list of short rules, paragraphs of prose, or both (the list first). */
export interface PolicySection {
  title: string;
  items?: readonly string[];
  paragraphs?: readonly string[];
}

/** A static page: breadcrumb, title, optional update date, intro, numbered sections, actions. */
export function PolicyLayout({
  title,
  updated,
  intro,
  sections = [],
  before,
  children,
}: {
  title: string;
  updated?: boolean;
  intro?: string;
  sections?: readonly PolicySection[];
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="sf-page policy-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: title }]} />
      <h1 className="sf-page-title">{title}</h1>
      {updated && <p className="sf-muted">{strings.policies.updated}</p>}
      {intro && <p className="sf-lead">{intro}</p>}
      {before}
      {sections.length > 0 && (
        <ol className="policy-sections">
          {sections.map((section) => (
            <li key={section.title}>
              <h2 className="policy-sections__title">{section.title}</h2>
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="policy-sections__text">
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
      {children}
    </div>
  );
}
