import { type AuditActionName, auditActions, type Label, labelsIn } from '@rookery/contracts';
import { addTexts } from '../../shared/texts';

/** The audit actions' labels (the system log's filter), from the one table in contracts. */
const labels = Object.fromEntries(
  Object.entries(auditActions).map(([name, action]) => [name, (action as { label: Label }).label]),
) as Record<AuditActionName, Label>;

addTexts({ auditActions: labelsIn(labels, 'zh-CN') }, { auditActions: labelsIn(labels, 'en-US') });
