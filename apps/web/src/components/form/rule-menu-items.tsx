import MenuItem from '@mui/material/MenuItem';
import type { RuleResult } from '@portal/shared';
import { toI18nKey } from '../../lib/i18n/message-key';

interface RuleChoice<T> {
  value: (item: T) => string;
  /** The item's name; `allowedLabel` when it may be chosen and says more (a VPC's range). */
  label: (item: T) => string;
  allowedLabel?: (item: T) => string;
  /** The shared rule: `true`, or the code the server would refuse the choice with. */
  rule: (item: T) => RuleResult;
  t: (key: string) => string;
  /** Also told when the item is picked (a name suggested from it). */
  onPick?: (item: T) => void;
}

/**
 * The options of a select whose items a shared rule may refuse (a VM with no room for a disk, a
 * VPC not available): a refused one shows greyed out, its name followed by the rule's reason.
 */
export function ruleMenuItems<T>(items: readonly T[] | undefined, choice: RuleChoice<T>) {
  return (items ?? []).map((item) => {
    const rule = choice.rule(item);
    const name = choice.label(item);
    return (
      <MenuItem
        key={choice.value(item)}
        value={choice.value(item)}
        disabled={rule !== true}
        sx={{ whiteSpace: 'normal' }}
        onClick={choice.onPick && (() => choice.onPick?.(item))}
      >
        {rule === true
          ? (choice.allowedLabel?.(item) ?? name)
          : `${name} · ${choice.t(toI18nKey(`apiError.${rule}`))}`}
      </MenuItem>
    );
  });
}
