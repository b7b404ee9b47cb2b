import { RULE_TEXTS, ruleOf, type RuleText } from '@shared/rule-text';
import { t } from './index';

const isRuleId = (id: string): id is keyof typeof RULE_TEXTS => Object.prototype.hasOwnProperty.call(RULE_TEXTS, id);

/**
 * A validation message in the user's language, by the id of the shared rule that produced it (`known`
 * when main sent it along, otherwise the rule this process recorded for that exact message). A message
 * no rule produced is shown as it came.
 */
export function ruleMessageText(
  message: string,
  known?: RuleText | { id: string; params: RuleText['params'] },
): string {
  const found = known ?? ruleOf(message);
  if (!found || !isRuleId(found.id)) return message;
  return t(`ruleText.${found.id}`, found.params);
}

/** One issue as "path: rule", the rule in the user's language (the path is the field's JSON name). */
export const issueText = (issue: { path: string; message: string }): string =>
  `${issue.path || '(body)'}: ${ruleMessageText(issue.message)}`;
