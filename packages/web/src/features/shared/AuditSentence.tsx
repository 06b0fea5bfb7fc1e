import { type AuditEntry, auditObjectPages, describeAudit, type Locale } from '@rookery/contracts';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../access/useCan';
import { routeByName } from '../../navigation/route-index';

/**
 * A link to the page of a route (by its name in the route table) with a query, or null when the
 * user may not open that page: nobody follows a console link into a 403.
 */
export function usePageLink() {
  const can = useCan();
  return (name: string, query: Record<string, string>, label: ReactNode): ReactNode | null => {
    const route = routeByName.get(name);
    if (!route || !can(route.auth ?? true)) return null;
    const search = new URLSearchParams(query).toString();
    return <Link to={search ? `${route.fullPath}?${search}` : route.fullPath}>{label}</Link>;
  };
}

/** An audit entry as a sentence in the UI language, its objects linked to their pages. */
/** An audit entry, or any event worded like one (a player's log): its action, target and what it recorded. */
type Worded = Pick<AuditEntry, 'action' | 'target'> & Partial<Pick<AuditEntry, 'before' | 'after'>>;

export function AuditSentence({ entry }: { entry: Worded }) {
  const { i18n } = useTranslation();
  const pageLink = usePageLink();
  const pieces = describeAudit(entry, i18n.language as Locale);
  return (
    <Typography.Text data-testid="audit-sentence">
      {pieces.map((piece) => {
        // A sentence's pieces are fixed text in a fixed order: their text and place name them.
        const key = `${piece.text}|${'object' in piece ? piece.object.kind : ''}`;
        if (!('object' in piece)) return <span key={key}>{piece.text}</span>;
        const page = auditObjectPages[piece.object.kind];
        const query = page?.query(piece.object.id, entry);
        const link = page && query ? pageLink(page.route, query, piece.text) : null;
        return <span key={key}>{link ?? piece.text}</span>;
      })}
    </Typography.Text>
  );
}
